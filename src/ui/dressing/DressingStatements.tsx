import { Button, Callout, H2, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../domain/dates.ts';
import type { DressingStatementRow } from '../../machines/dressing/depositorDressingMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { euros } from '../payouts/money.ts';

export interface DressingStatementsProps {
  readonly statements: readonly DressingStatementRow[];
  readonly downloading: string | null;
  readonly downloadError: string | null;
  readonly onDownload: (uuid: string) => void;
}

/** The depositor's statements of sales and payout receipts, newest first, each to download. */
export function DressingStatements(props: DressingStatementsProps) {
  const { statements, downloading, downloadError, onDownload } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <section aria-labelledby="dressing-statements-title" data-testid="dressing-statements">
      <H2 id="dressing-statements-title">{t('dressing.statements')}</H2>
      {downloadError && (
        <Callout intent={Intent.DANGER} role="alert">
          {t('dressing.downloadFailed', { reason: t(`errors.${downloadError}`) })}
        </Callout>
      )}
      {statements.length === 0 ? (
        <p>{t('dressing.noStatements')}</p>
      ) : (
        <ul className="seconde-dressing-statements">
          {statements.map((s) => {
            const kind = t(labelKey('dressing.statementKind', s.kind));
            return (
              <li key={s.uuid} data-testid="dressing-statement">
                <span>
                  {kind} {s.number}
                </span>
                <span>
                  {formatDate(s.issuedAt, language)} · {euros(s.amountCents, language)}
                </span>
                <Button
                  variant="minimal"
                  size="small"
                  icon="download"
                  aria-label={t('dressing.download', { kind, number: s.number })}
                  loading={downloading === s.uuid}
                  disabled={downloading !== null && downloading !== s.uuid}
                  onClick={() => onDownload(s.uuid)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
