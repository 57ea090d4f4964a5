import {
  Button,
  Callout,
  ControlGroup,
  FormGroup,
  H1,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate } from '../../domain/dates.ts';
import { selectViewerIsAdminLevel } from '../../machines/deposit/viewer.ts';
import { policeRegisterLogic } from '../../machines/policeRegister/policeRegisterLogic.ts';
import type { RegisterVerdict } from '../../machines/policeRegister/policeRegisterMachine.ts';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import { euros } from '../payouts/money.ts';
import '../components/pages.css';
import { CorrectionDialog } from './CorrectionDialog.tsx';
import './policeRegister.css';

const KIND_KEYS = {
  DEPOSIT: 'policeRegister.kindDeposit',
  PURCHASE: 'policeRegister.kindPurchase',
  CORRECTION: 'policeRegister.kindCorrection',
  RESTITUTION: 'policeRegister.kindRestitution',
} as const;
const REASON_KEYS: Record<string, string> = {
  HASH_MISMATCH: 'policeRegister.reasonHashMismatch',
  CHAIN_BROKEN: 'policeRegister.reasonChainBroken',
  NUMBER_GAP: 'policeRegister.reasonNumberGap',
};

type Actor = ReturnType<typeof useRegisterActor>;

function useRegisterActor() {
  const { clients } = useAppServices();
  const { i18n } = useTranslation();
  const staff = useSession(selectViewerIsAdminLevel);
  const { vendorUuid } = useParams();
  const logic = useMemo(() => policeRegisterLogic(clients, () => i18n.language), [clients, i18n]);
  return useActorRef(logic, { input: { staff, vendor: vendorUuid ?? '' } });
}

/** `/police-register`: the register by period, its integrity check and its exports. */
export function PoliceRegisterView() {
  const { t } = useTranslation();
  const actor = useRegisterActor();
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const holderName = useSelector(actor, (s) => s.context.holderName);
  return (
    <section
      aria-labelledby="police-register-title"
      className="seconde-page"
      data-testid="police-register-page"
    >
      <H1 id="police-register-title">{t('policeRegister.title')}</H1>
      <p className="bp6-text-muted">{t('policeRegister.subtitle')}</p>
      {holderName && <p>{t('policeRegister.holder', { name: holderName })}</p>}
      <RegisterFilters actor={actor} />
      {failed ? (
        <FailedState
          testId="police-register-failed"
          title={t('policeRegister.loadFailed')}
          errorCode={errorCode}
          retryText={t('policeRegister.retry')}
          onRetry={() => actor.send({ type: 'register.retry' })}
        />
      ) : (
        <>
          <RegisterOutcome actor={actor} />
          <RegisterTable actor={actor} />
        </>
      )}
      <CorrectionDialog actor={actor} />
    </section>
  );
}

function RegisterFilters({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const staff = useSelector(actor, (s) => s.context.staff);
  const vendor = useSelector(actor, (s) => s.context.vendor);
  const from = useSelector(actor, (s) => s.context.from);
  const to = useSelector(actor, (s) => s.context.to);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const exporting = useSelector(actor, (s) => s.context.exporting);
  const canShow = useSelector(actor, (s) => s.can({ type: 'register.show' }));
  const canVerify = useSelector(actor, (s) => s.can({ type: 'register.verify' }));
  const canExport = useSelector(actor, (s) => s.can({ type: 'register.export', format: 'PDF' }));
  const periodInvalid = Boolean(from && to && from > to);
  const setPeriod = (next: { from?: string; to?: string }) =>
    actor.send({ type: 'register.setPeriod', from: next.from ?? from, to: next.to ?? to });
  return (
    <form
      className="seconde-toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'register.show' });
      }}
    >
      <ControlGroup>
        {staff && (
          <FormGroup label={t('policeRegister.vendor')} labelFor="register-vendor">
            <InputGroup
              id="register-vendor"
              value={vendor}
              placeholder={t('policeRegister.vendorPlaceholder')}
              onValueChange={(value) => actor.send({ type: 'register.setVendor', vendor: value })}
            />
          </FormGroup>
        )}
        <FormGroup label={t('policeRegister.from')} labelFor="register-from">
          <InputGroup
            id="register-from"
            type="date"
            value={from}
            onValueChange={(value) => setPeriod({ from: value })}
          />
        </FormGroup>
        <FormGroup label={t('policeRegister.to')} labelFor="register-to">
          <InputGroup
            id="register-to"
            type="date"
            value={to}
            onValueChange={(value) => setPeriod({ to: value })}
          />
        </FormGroup>
      </ControlGroup>
      {periodInvalid && (
        <Callout intent={Intent.WARNING} role="alert">
          {t('policeRegister.periodInvalid')}
        </Callout>
      )}
      {staff && !vendor && <p>{t('policeRegister.chooseVendor')}</p>}
      <div className="seconde-toolbar-actions">
        <Button type="submit" icon="search" text={t('policeRegister.show')} disabled={!canShow} />
        <Button
          icon="tick-circle"
          text={t('policeRegister.verify')}
          disabled={!canVerify}
          loading={busy && exporting === null && canVerify === false && !canShow}
          onClick={() => actor.send({ type: 'register.verify' })}
        />
        <Button
          icon="document"
          text={t('policeRegister.exportPdf')}
          disabled={!canExport}
          loading={exporting === 'PDF'}
          onClick={() => actor.send({ type: 'register.export', format: 'PDF' })}
        />
        <Button
          icon="th-list"
          text={t('policeRegister.exportCsv')}
          disabled={!canExport}
          loading={exporting === 'CSV'}
          onClick={() => actor.send({ type: 'register.export', format: 'CSV' })}
        />
      </div>
    </form>
  );
}

function verdictText(verdict: RegisterVerdict, t: TFunction): string {
  if (verdict.intact) return t('policeRegister.intact', { count: verdict.checked });
  return t('policeRegister.broken', {
    number: verdict.brokenNumber,
    reason: t(REASON_KEYS[verdict.reason] ?? 'policeRegister.reasonHashMismatch'),
  });
}

function RegisterOutcome({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const verdict = useSelector(actor, (s) => s.context.verdict);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const exported = useSelector(actor, (s) => s.context.exported);
  const corrected = useSelector(actor, (s) => s.context.corrected);
  return (
    <div aria-live="polite">
      {verdict && (
        <Callout
          intent={verdict.intact ? Intent.SUCCESS : Intent.DANGER}
          role={verdict.intact ? 'status' : 'alert'}
          data-testid="register-verdict"
        >
          {verdictText(verdict, t)}
        </Callout>
      )}
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert">
          {t('policeRegister.actionFailed')} {t(`errors.${refusal}`)}
        </Callout>
      )}
      {corrected && (
        <Callout intent={Intent.SUCCESS} role="status" data-testid="register-corrected">
          {t('policeRegister.corrected', { ...corrected })}
        </Callout>
      )}
      {exported && (
        <Callout intent={Intent.SUCCESS} role="status">
          {t('policeRegister.exported', { name: exported })}
        </Callout>
      )}
    </div>
  );
}

function RegisterTable({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const choosing = useSelector(actor, (s) => s.matches('choosing'));
  // Every shown row may be corrected once the list is ready (the machine checks the entry).
  const canCorrect = useSelector(actor, (s) => s.matches('ready'));
  const canPrevious = useSelector(actor, (s) =>
    s.can({ type: 'register.page', page: s.context.page - 1 }),
  );
  const canNext = useSelector(actor, (s) =>
    s.can({ type: 'register.page', page: s.context.page + 1 }),
  );
  if (choosing) return null;
  if (loading && rows.length === 0)
    return <Spinner size={20} aria-label={t('policeRegister.title')} />;
  if (rows.length === 0)
    return (
      <PageState testId="police-register-empty" icon="th-list" title={t('policeRegister.empty')} />
    );
  return (
    <>
      <p>{t('policeRegister.count', { count })}</p>
      <PagedTable
        caption={t('policeRegister.title')}
        busy={loading}
        head={
          <>
            <th scope="col">{t('policeRegister.colNumber')}</th>
            <th scope="col">{t('policeRegister.colDate')}</th>
            <th scope="col">{t('policeRegister.colKind')}</th>
            <th scope="col">{t('policeRegister.colItem')}</th>
            <th scope="col">{t('policeRegister.colPrice')}</th>
            <th scope="col">{t('policeRegister.colDepositor')}</th>
            <th scope="col">{t('policeRegister.colIdDocument')}</th>
            <th scope="col">
              <span className="seconde-sr-only">{t('policeRegister.correct')}</span>
            </th>
          </>
        }
        page={page}
        pages={pageCount(count, pageSize)}
        count={count}
        canPrevious={canPrevious}
        canNext={canNext}
        onPage={(target) => actor.send({ type: 'register.page', page: target })}
      >
        {rows.map((r) => (
          <tr key={r.uuid} data-testid="register-row">
            <th scope="row">{r.number}</th>
            <td>{formatDate(r.enteredAt, language)}</td>
            <td>
              {t(KIND_KEYS[r.kind])}
              {r.correctsNumber !== null && (
                <div>
                  {t('policeRegister.corrects', {
                    number: r.correctsNumber,
                    reason: r.correctionReason,
                  })}
                </div>
              )}
            </td>
            <td>{r.item}</td>
            <td>{euros(r.priceCents, language)}</td>
            <td>{r.depositor}</td>
            <td>{r.idDocument || t('policeRegister.noIdDocument')}</td>
            <td>
              <Button
                size="small"
                icon="edit"
                text={t('policeRegister.correct')}
                aria-label={t('policeRegister.correctEntry', { number: r.number })}
                disabled={!canCorrect}
                data-testid="register-correct"
                onClick={() => actor.send({ type: 'register.correct', entry: r.uuid })}
              />
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
