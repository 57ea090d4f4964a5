import {
  Button,
  Callout,
  ControlGroup,
  FormGroup,
  H1,
  HTMLSelect,
  InputGroup,
  Intent,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../domain/dates.ts';
import { restitutionListLogic } from '../../machines/restitution/restitutionListLogic.ts';
import type {
  ReceiptRow,
  ReceiptStatusFilter,
} from '../../machines/restitution/restitutionListMachine.ts';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import '../components/pages.css';

type Actor = ReturnType<typeof useListActor>;

const STATUS_KEYS: Record<ReceiptStatusFilter, string> = {
  ALL: 'restitutionReceipt.listStatusAll',
  WAITING: 'restitutionReceipt.listStatusWaiting',
  ACCEPTED: 'restitutionReceipt.listStatusAccepted',
};
const ms = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

function useListActor() {
  const { clients } = useAppServices();
  const { i18n } = useTranslation();
  const logic = useMemo(() => restitutionListLogic(clients, () => i18n.language), [clients, i18n]);
  return useActorRef(logic, { input: {} });
}

/**
 * `/restitutions`: the receipts of the vendor's restituted deposits, which have left their other
 * lists, with each one's status and PDF.
 */
export function RestitutionListView() {
  const { t } = useTranslation();
  const actor = useListActor();
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  return (
    <section
      aria-labelledby="restitution-list-title"
      className="seconde-page"
      data-testid="restitution-list-page"
    >
      <H1 id="restitution-list-title">{t('restitutionReceipt.listTitle')}</H1>
      <p className="bp6-text-muted">{t('restitutionReceipt.listSubtitle')}</p>
      <ListFilters actor={actor} />
      {failed ? (
        <FailedState
          testId="restitution-list-failed"
          title={t('restitutionReceipt.listFailed')}
          errorCode={errorCode}
          retryText={t('restitutionReceipt.retry')}
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      ) : (
        <ListTable actor={actor} />
      )}
    </section>
  );
}

function ListFilters({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const status = useSelector(actor, (s) => s.context.status);
  const from = useSelector(actor, (s) => s.context.from);
  const to = useSelector(actor, (s) => s.context.to);
  const invalid = useSelector(actor, (s) => s.hasTag('invalid'));
  const refusalKey = useSelector(actor, (s) => s.context.refusalKey);
  const filter = (next: { status?: ReceiptStatusFilter; from?: string; to?: string }) =>
    actor.send({ type: 'list.filter', status, from, to, ...next });
  return (
    <div className="seconde-toolbar" role="search" aria-label={t('restitutionReceipt.listFilters')}>
      <ControlGroup>
        <FormGroup label={t('restitutionReceipt.listStatus')} labelFor="restitution-list-status">
          <HTMLSelect
            id="restitution-list-status"
            value={status}
            onChange={(e) => filter({ status: e.currentTarget.value as ReceiptStatusFilter })}
          >
            {(Object.keys(STATUS_KEYS) as ReceiptStatusFilter[]).map((s) => (
              <option key={s} value={s}>
                {t(STATUS_KEYS[s])}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('restitutionReceipt.listFrom')} labelFor="restitution-list-from">
          <InputGroup
            id="restitution-list-from"
            type="date"
            value={from}
            onValueChange={(value) => filter({ from: value })}
          />
        </FormGroup>
        <FormGroup label={t('restitutionReceipt.listTo')} labelFor="restitution-list-to">
          <InputGroup
            id="restitution-list-to"
            type="date"
            value={to}
            onValueChange={(value) => filter({ to: value })}
          />
        </FormGroup>
      </ControlGroup>
      <div aria-live="polite">
        {invalid && (
          <Callout intent={Intent.WARNING} role="alert">
            {t('restitutionReceipt.reasonPeriodInvalid')}
          </Callout>
        )}
        {refusalKey && (
          <Callout intent={Intent.DANGER} role="alert" data-testid="restitution-list-refusal">
            {t(refusalKey)}
          </Callout>
        )}
      </div>
    </div>
  );
}

function StatusCell({ row }: { row: ReceiptRow }) {
  const { t, i18n } = useTranslation();
  if (!row.accepted)
    return <Tag intent={Intent.WARNING}>{t('restitutionReceipt.listStatusWaiting')}</Tag>;
  const key =
    row.acceptedThrough === 'EMAIL_LINK'
      ? 'restitutionReceipt.acceptedByLink'
      : 'restitutionReceipt.acceptedOnScreen';
  return (
    <Tag intent={Intent.SUCCESS}>
      {t(key, { date: formatDate(ms(row.acceptedAt), i18n.language) })}
    </Tag>
  );
}

function ListTable({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const downloading = useSelector(actor, (s) => s.context.downloading);
  const canDownload = useSelector(actor, (s) => s.matches('ready'));
  const canPrevious = useSelector(actor, (s) =>
    s.can({ type: 'list.page', page: s.context.page - 1 }),
  );
  const canNext = useSelector(actor, (s) => s.can({ type: 'list.page', page: s.context.page + 1 }));
  if (loading && rows.length === 0)
    return <Spinner size={20} aria-label={t('restitutionReceipt.listLoading')} />;
  if (rows.length === 0)
    return (
      <PageState
        testId="restitution-list-empty"
        icon="inbox"
        title={t('restitutionReceipt.listEmpty')}
      />
    );
  return (
    <>
      <p>{t('restitutionReceipt.listCount', { count })}</p>
      <PagedTable
        caption={t('restitutionReceipt.listTitle')}
        busy={loading}
        head={
          <>
            <th scope="col">{t('restitutionReceipt.listColDeposit')}</th>
            <th scope="col">{t('restitutionReceipt.listColDepositor')}</th>
            <th scope="col">{t('restitutionReceipt.listColDate')}</th>
            <th scope="col">{t('restitutionReceipt.listColItems')}</th>
            <th scope="col">{t('restitutionReceipt.listColStatus')}</th>
            <th scope="col">
              <span className="seconde-sr-only">{t('restitutionReceipt.download')}</span>
            </th>
          </>
        }
        page={page}
        pages={pageCount(count, pageSize)}
        count={count}
        canPrevious={canPrevious}
        canNext={canNext}
        onPage={(target) => actor.send({ type: 'list.page', page: target })}
      >
        {rows.map((r) => (
          <tr key={r.uuid} data-testid="restitution-list-row">
            <th scope="row">
              <Link to={`/deposit/${r.deposit}`}>{r.depositName}</Link>
            </th>
            <td>{r.depositorName}</td>
            <td>{formatDate(ms(r.restitutedAt), i18n.language)}</td>
            <td>{r.itemCount}</td>
            <td data-testid="restitution-list-status">
              <StatusCell row={r} />
            </td>
            <td>
              <Button
                size="small"
                icon="download"
                text={t('restitutionReceipt.download')}
                aria-label={t('restitutionReceipt.listDownload', { name: r.depositName })}
                disabled={!canDownload}
                loading={downloading === r.uuid}
                onClick={() => actor.send({ type: 'receipt.download', uuid: r.uuid })}
              />
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
