import { Callout, Checkbox, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  channelI18nKey,
  missingI18nKeys,
  problemI18nKey,
  selectCheck,
  selectChosen,
  selectConnectors,
  selectProblems,
  selectToPublish,
} from '../../machines/publish/publishSelectors.ts';
import { usePublish, usePublishActor } from './publishContext.ts';

const sameList = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

/** The channels to publish to (active and connected ones), and why the request cannot go. */
export function PublishChoose() {
  const { t } = useTranslation();
  const actor = usePublishActor();
  const connectors = usePublish(selectConnectors);
  const chosen = usePublish(selectChosen, sameList);
  const problems = usePublish(selectProblems, sameList);
  return (
    <>
      {connectors.length === 0 ? (
        <Callout intent="warning" data-testid="publish-no-channels">
          {t('publishing.noChannels')}
        </Callout>
      ) : (
        <fieldset className="seconde-publish-channels">
          <legend className={Classes.TEXT_MUTED}>{t('publishing.channels')}</legend>
          {connectors.map((c) => (
            <Checkbox
              key={c.uuid}
              checked={chosen.includes(c.uuid)}
              onChange={() => actor.send({ type: 'publish.toggleConnector', uuid: c.uuid })}
              data-testid={`publish-channel-${c.publisherName}`}
              labelElement={
                <>
                  {t(channelI18nKey(c.publisherName))}
                  {c.accountName && <span className={Classes.TEXT_MUTED}> ({c.accountName})</span>}
                </>
              }
            />
          ))}
        </fieldset>
      )}
      {problems.length > 0 && (
        <Callout intent="danger" role="alert" data-testid="publish-problems">
          <ul>
            {problems.map((p) => (
              <li key={p} data-problem={p}>
                {t(problemI18nKey(p))}
              </li>
            ))}
          </ul>
        </Callout>
      )}
    </>
  );
}

/** The incomplete products, each with what it lacks; publishing the complete ones only or not. */
export function PublishReview() {
  const { t } = useTranslation();
  const check = usePublish(selectCheck);
  if (!check) return null;
  return (
    <>
      <Callout intent="warning" data-testid="publish-incomplete-title">
        {t('publishing.incompleteTitle', { count: check.incomplete.length })}
        {check.complete === 0 && <p>{t('publishing.incompleteNone')}</p>}
      </Callout>
      <ul className="seconde-publish-incomplete" data-testid="publish-incomplete">
        {check.incomplete.map((p) => (
          <li key={p.product} data-testid="publish-incomplete-product" data-product={p.product}>
            <strong>{[p.reference, p.name].filter(Boolean).join(' · ') || p.product}</strong>
            <ul>
              {missingI18nKeys(p.missing).map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What is about to be sent, before it is. */
export function PublishConfirm() {
  const { t } = useTranslation();
  const count = usePublish(selectToPublish);
  const check = usePublish(selectCheck);
  const channels = usePublish(
    (s) =>
      s.context.connectors
        .filter((c) => s.context.chosen.includes(c.uuid))
        .map((c) => c.publisherName),
    sameList,
  );
  return (
    <div data-testid="publish-confirm">
      <p>
        {t('publishing.confirm', {
          count,
          channels: channels.map((c) => t(channelI18nKey(c))).join(', '),
        })}
      </p>
      {check && check.alreadyListed > 0 && (
        <p className={Classes.TEXT_MUTED}>
          {t('publishing.alreadyListed', { count: check.alreadyListed })}
        </p>
      )}
    </div>
  );
}
