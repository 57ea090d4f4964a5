import { Classes, Tag } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { completenessI18nKey } from '../../domain/publishing/completeness.ts';
import { selectMissingForPublication } from '../../machines/publish/productCompleteness.ts';
import { sameJson, useProduct } from '../products/productContext.ts';

/**
 * "Complet" or "Incomplet (n)" with the list of what is missing, from the form's current values:
 * it changes as the vendor edits, before anything is saved.
 */
export function CompletenessBadge() {
  const { t } = useTranslation();
  const missing = useProduct(selectMissingForPublication, sameJson);
  const listId = useId();
  if (!missing) return null;
  const complete = missing.length === 0;
  return (
    <div
      className="seconde-completeness"
      data-testid="completeness-badge"
      data-complete={complete}
      aria-live="polite"
    >
      <Tag
        intent={complete ? 'success' : 'warning'}
        icon={complete ? 'tick-circle' : 'warning-sign'}
        aria-describedby={complete ? undefined : listId}
        round
      >
        {complete
          ? t('publishing.badgeComplete')
          : t('publishing.badgeIncomplete', { count: missing.length })}
      </Tag>
      {!complete && (
        <div id={listId} className={Classes.TEXT_SMALL}>
          <span className={Classes.TEXT_MUTED}>{t('publishing.badgeMissing')}</span>
          <ul data-testid="completeness-missing">
            {missing.map((code) => (
              <li key={code} data-code={code}>
                {t(completenessI18nKey(code))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
