import {
  AnchorButton,
  Button,
  Callout,
  Card,
  FormGroup,
  H2,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../domain/announcements/placeholders.ts';
import { errorText } from '../../machines/announcements/announcementTypes.ts';
import {
  copyText,
  urlProblem,
  type CopyTarget,
  type listingKitMachine,
} from '../../machines/announcements/listingKitMachine.ts';

type KitActor = ActorRefFrom<typeof listingKitMachine>;

const COPY_LABELS: Record<CopyTarget, string> = {
  title: 'listingKit.copyTitle',
  description: 'listingKit.copyDescription',
  price: 'listingKit.copyPrice',
};
const PROBLEM_KEYS = {
  required: 'listingKit.linkRequired',
  invalid: 'listingKit.linkInvalid',
  wrongDomain: 'listingKit.linkWrongDomain',
} as const;

/** The text the clipboard refused, selected so the vendor copies it by hand. */
function ManualCopy({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, [text]);
  return (
    <TextArea
      inputRef={ref}
      readOnly
      fill
      rows={Math.min(8, text.split('\n').length + 1)}
      value={text}
      aria-label={t('listingKit.manualCopy')}
      data-testid="kit-manual-copy"
    />
  );
}

function CopyRow({
  actor,
  target,
  label,
  value,
}: {
  actor: KitActor;
  target: CopyTarget;
  label: string;
  value: string;
}) {
  const { t } = useTranslation();
  const copied = useSelector(actor, (s) => s.context.copied === target);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <div className="seconde-kit-row" data-testid={`kit-${target}`}>
      <div>
        <strong>{label}</strong>
        <p className="seconde-listing-kit-text">{value}</p>
      </div>
      <Button
        icon={copied ? 'tick' : 'duplicate'}
        text={copied ? t('listingKit.copied') : t('listingKit.copy')}
        aria-label={t(COPY_LABELS[target])}
        disabled={busy || value === ''}
        data-testid={`kit-copy-${target}`}
        onClick={() => actor.send({ type: 'kit.copy', target })}
      />
    </div>
  );
}

/** The main resale marketplace's listing kit of one product. */
export function ListingKitCard({ actor }: { actor: KitActor }) {
  const { t } = useTranslation();
  const kit = useSelector(actor, (s) => s.context.kit);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const downloading = useSelector(actor, (s) => s.matches({ ready: 'downloading' }));
  const recording = useSelector(actor, (s) => s.matches({ ready: 'recording' }));
  const recorded = useSelector(actor, (s) => s.hasTag('recorded'));
  const copyFailed = useSelector(actor, (s) => s.context.copyFailed);
  const url = useSelector(actor, (s) => s.context.url);
  const submitted = useSelector(actor, (s) => s.context.submitted);
  const error = useSelector(actor, (s) => s.context.error);
  const problem = errorText(error);
  const linkProblem = submitted ? urlProblem(url) : null;

  return (
    <Card
      className="seconde-product-section"
      aria-labelledby="listing-kit-title"
      role="region"
      data-testid="listing-kit"
    >
      <H2 id="listing-kit-title">{t('listingKit.title')}</H2>
      <p>{t('listingKit.intro')}</p>
      {problem && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="kit-error">
          {failed && `${t('listingKit.loadFailed')} — `}
          {t(problem.key, problem.values)}{' '}
          <Button
            variant="minimal"
            size="small"
            text={t(failed ? 'listingKit.reload' : 'listingKit.dismiss')}
            onClick={() => actor.send({ type: failed ? 'kit.reload' : 'kit.dismiss' })}
          />
        </Callout>
      )}
      {!loading && kit && (
        <>
          <CopyRow
            actor={actor}
            target="title"
            label={t('listingKit.titleLabel')}
            value={kit.title}
          />
          <CopyRow
            actor={actor}
            target="description"
            label={t('listingKit.descriptionLabel')}
            value={kit.description}
          />
          <CopyRow
            actor={actor}
            target="price"
            label={t('listingKit.priceLabel')}
            value={kit.price > 0 ? formatPrice(kit.price) : ''}
          />
          {copyFailed && (
            <Callout intent={Intent.WARNING} role="alert" data-testid="kit-copy-failed">
              <p>{t('listingKit.copyFailed')}</p>
              <ManualCopy text={copyText(kit, copyFailed)} />
              <Button
                variant="minimal"
                size="small"
                text={t('listingKit.dismiss')}
                onClick={() => actor.send({ type: 'kit.dismiss' })}
              />
            </Callout>
          )}
          <h3>{t('listingKit.photos')}</h3>
          {kit.photoUrls.length === 0 ? (
            <p>{t('listingKit.noPhotos')}</p>
          ) : (
            <ol className="seconde-kit-photos" data-testid="kit-photos">
              {kit.photoUrls.map((src, i) => (
                <li key={src}>
                  <a
                    href={src}
                    download={`photo-${i + 1}`}
                    aria-label={t('listingKit.downloadPhoto', { number: i + 1 })}
                  >
                    <img src={src} alt={t('listingKit.photo', { number: i + 1 })} loading="lazy" />
                  </a>
                </li>
              ))}
            </ol>
          )}
          <div className="seconde-kit-actions">
            <Button
              icon="download"
              text={t(downloading ? 'listingKit.downloading' : 'listingKit.downloadAll')}
              loading={downloading}
              disabled={busy || kit.photoUrls.length === 0}
              data-testid="kit-download-all"
              onClick={() => actor.send({ type: 'kit.downloadAll' })}
            />
            <AnchorButton
              icon="search"
              href={kit.searchUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="kit-search"
              text={`${t('listingKit.search')} ${t('listingKit.newTab')}`}
            />
          </div>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'kit.record' });
            }}
          >
            <FormGroup
              label={t('listingKit.linkLabel')}
              labelFor="kit-listing-url"
              intent={linkProblem ? Intent.DANGER : Intent.NONE}
              helperText={
                linkProblem ? (
                  <span id="kit-listing-url-error" role="alert" data-testid="field-error">
                    {t(PROBLEM_KEYS[linkProblem])}
                  </span>
                ) : (
                  t('listingKit.linkHelp')
                )
              }
            >
              <InputGroup
                id="kit-listing-url"
                type="url"
                inputMode="url"
                value={url}
                disabled={recording}
                aria-invalid={linkProblem !== null}
                aria-describedby={linkProblem ? 'kit-listing-url-error' : undefined}
                onValueChange={(value) => actor.send({ type: 'kit.changeUrl', value })}
              />
            </FormGroup>
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              icon="link"
              text={t('listingKit.record')}
              loading={recording}
              data-testid="kit-record"
            />
            <p role="status">{recorded && t('listingKit.recorded')}</p>
            {kit.listingUrl && (
              <p>
                <a
                  href={kit.listingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="kit-listing-link"
                >
                  {t('listingKit.currentLink')} {t('listingKit.newTab')}
                </a>
              </p>
            )}
          </form>
        </>
      )}
    </Card>
  );
}
