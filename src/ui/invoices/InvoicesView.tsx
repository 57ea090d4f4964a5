import '../components/pages.css';
import {
  AnchorButton,
  Button,
  FormGroup,
  H1,
  HTMLSelect,
  HTMLTable,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVOICE_FILTERS,
  INVOICE_ORDERING,
  INVOICE_SORTABLE,
  INVOICE_STATUSES,
  invoicesLogic,
} from '../../machines/invoices/invoiceLogic.ts';
import { invoiceExport } from '../../machines/export/exportFilters.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { selectRole } from '../../machines/session/selectors.ts';
import { selectViewerIsAdminLevel, selectViewerVendorUuid } from '../../machines/deposit/viewer.ts';
import {
  generateInvoicesLogic,
  invoiceActionsLogic,
} from '../../machines/invoices/invoiceActionsLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { formatPrice } from '../components/format.ts';
import { describeInvoices } from '../exports/describeFilters.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { ListBody } from '../components/ListBody.tsx';
import { useQueryList } from '../components/useQueryList.ts';
import { useSortHeader } from '../components/useSortHeader.tsx';
import { showToast } from '../components/toaster.ts';
import { useOnTasksCompleted } from '../tasks/tasksCompleted.ts';
import { GenerateInvoicesDialog } from './GenerateInvoicesDialog.tsx';
import { InvoiceActionDialogs, InvoiceDownload, InvoiceRowActions } from './InvoiceActions.tsx';

type SortKey = (typeof INVOICE_SORTABLE)[number];

/**
 * `/invoices`: the invoices the signed-in user may read (a vendor's own, a customer's own, every
 * invoice for staff), newest first, credit notes named as such. The vendor side generates a
 * period's invoices (a background task; the list loads again when it is done), downloads PDFs,
 * moves payment statuses and issues credit notes.
 */
export function InvoicesView() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const isAdminLevel = useSession(selectViewerIsAdminLevel);
  const role = useSession(selectRole);
  const vendorUuid = useSession(selectViewerVendorUuid);
  const logic = useMemo(() => invoicesLogic(clients), [clients]);
  const generateLogic = useMemo(() => generateInvoicesLogic(clients), [clients]);
  const actionsLogic = useMemo(() => invoiceActionsLogic(clients), [clients]);
  const generate = useActorRef(generateLogic, { input: { isStaff: isAdminLevel } });
  const actions = useActorRef(actionsLogic, { input: { isStaff: isAdminLevel, vendorUuid } });
  const list = useQueryList(logic, {
    filters: INVOICE_FILTERS,
    ordering: INVOICE_ORDERING,
    sortable: INVOICE_SORTABLE,
  });
  // Each side sees the other party; staff see both.
  const showVendor = isAdminLevel || role === 'Customer';
  const showCustomer = isAdminLevel || role !== 'Customer';
  const sortable = useSortHeader<SortKey>(list, 'invoice-sort');
  // Invoices are written on the vendor side: customers only read theirs.
  const vendorSide = isAdminLevel || role !== 'Customer';
  const { reload } = list;
  useOnTasksCompleted(reload);
  // The list's reload is a new function on each render; the subscriptions read the latest.
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const subscriptions = [
      generate.on('generate.queued', () => showToast('success', t('invoices.queued'))),
      actions.on('invoice.changed', ({ number, kind }) => {
        reloadRef.current();
        showToast(
          'success',
          t(kind === 'status' ? 'invoices.statusChanged' : 'invoices.creditNoteCreated', {
            number,
          }),
        );
      }),
      actions.on('invoice.downloadFailed', ({ number, errorKey }) =>
        showToast('danger', t('invoices.downloadFailed', { number, reason: t(errorKey) })),
      ),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [generate, actions, t]);

  return (
    <section aria-labelledby="invoices-title" className="seconde-pages" data-testid="invoices">
      <H1 id="invoices-title">{t('pages.invoicesTitle')}</H1>
      {vendorSide && (
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('invoices.generate')}
          data-testid="invoice-generate"
          onClick={() => generate.send({ type: 'generate.open', now: new Date() })}
        />
      )}
      <ExportButton
        request={invoiceExport(list.filters, list.ordering)}
        filters={describeInvoices(t, list.filters)}
      />
      <div className="seconde-pages-filters">
        <FormGroup label={t('pages.invoiceStatus')} labelFor="invoice-status-filter">
          <HTMLSelect
            id="invoice-status-filter"
            value={list.filters.status}
            onChange={(e) => list.filter({ status: e.currentTarget.value })}
          >
            <option value="">{t('pages.anyStatus')}</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(labelKey('peopleEnum.invoiceStatus', s))}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <span aria-live="polite" data-testid="invoice-count">
          {list.loaded && t('pages.invoiceCount', { count: list.count })}
        </span>
      </div>
      <ListBody list={list} testId="invoice-list" emptyTitle={t('pages.noInvoices')}>
        <HTMLTable striped compact className="seconde-table" data-testid="invoice-table">
          <caption className="seconde-sr-only">{t('pages.invoicesTitle')}</caption>
          <thead>
            <tr>
              {sortable('full_invoice_number', 'pages.invoiceNumber')}
              {sortable('created_at', 'pages.invoiceDate')}
              <th scope="col">{t('pages.invoiceCategory')}</th>
              {showVendor && <th scope="col">{t('pages.vendor')}</th>}
              {showCustomer && <th scope="col">{t('pages.customer')}</th>}
              {sortable('total_price', 'pages.amount')}
              <th scope="col">{t('pages.invoiceStatus')}</th>
              <th scope="col">{t('pages.document')}</th>
              {vendorSide && <th scope="col">{t('invoices.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((inv) => (
              <tr
                key={inv.uuid}
                data-testid="invoice-row"
                data-number={inv.number}
                data-status={inv.status ?? ''}
              >
                <td>
                  <span className="seconde-reference">{inv.number}</span>
                  {inv.isCreditNote && (
                    <>
                      {' '}
                      <Tag minimal intent={Intent.WARNING} data-testid="invoice-credit-note-tag">
                        {t('invoices.creditNoteTag')}
                      </Tag>{' '}
                      <span className="bp6-text-muted">
                        {inv.correctsNumber
                          ? t('invoices.corrects', { number: inv.correctsNumber })
                          : t('invoices.correctsUnknown')}
                      </span>
                    </>
                  )}
                </td>
                <td>{formatDate(inv.createdAt, i18n.language)}</td>
                <td>{t(labelKey('peopleEnum.invoiceCategory', inv.category))}</td>
                {showVendor && <td>{inv.vendorName}</td>}
                {showCustomer && <td>{inv.customerName}</td>}
                <td className="seconde-number">{formatPrice(inv.total, i18n.language)}</td>
                <td>
                  <Tag minimal>{t(labelKey('peopleEnum.invoiceStatus', inv.status))}</Tag>
                  {inv.paidAt !== null && (
                    <>
                      {' '}
                      <span className="bp6-text-muted">
                        {t('invoices.paidOn', { date: formatDate(inv.paidAt, i18n.language) })}
                      </span>
                    </>
                  )}
                </td>
                <td>
                  {inv.hasDocument ? (
                    <InvoiceDownload actor={actions} invoice={inv} />
                  ) : inv.downloadUrl ? (
                    <AnchorButton
                      variant="minimal"
                      icon="download"
                      href={inv.downloadUrl}
                      target="_blank"
                      rel="noreferrer"
                      text={t('pages.download')}
                      aria-label={t('payments.providerPdfLabel', { number: inv.number })}
                    />
                  ) : (
                    <span data-testid="invoice-no-file">{t('pages.noDocument')}</span>
                  )}
                  {inv.hostedUrl && (
                    <AnchorButton
                      variant="minimal"
                      icon="share"
                      href={inv.hostedUrl}
                      target="_blank"
                      rel="noreferrer"
                      data-testid="invoice-hosted"
                      text={t('payments.viewInvoice')}
                      aria-label={t('payments.viewInvoiceLabel', { number: inv.number })}
                    />
                  )}
                </td>
                {vendorSide && (
                  <td>
                    <InvoiceRowActions actor={actions} invoice={inv} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ListBody>
      {vendorSide && <GenerateInvoicesDialog actor={generate} />}
      <InvoiceActionDialogs actor={actions} />
    </section>
  );
}
