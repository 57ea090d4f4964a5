import type { SnapshotFrom } from 'xstate';
import { completenessI18nKey, isCompletenessCode } from '../../domain/publishing/completeness.ts';
import type { publishMachine } from './publishMachine.ts';
import type {
  PreparedProduct,
  PublishConnector,
  PublishItemError,
  PublishListing,
} from './publishTypes.ts';

type Snapshot = SnapshotFrom<typeof publishMachine>;

/** Narrow reads of the publish machine for the dialog. */
export const selectStep = (s: Snapshot): string =>
  typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsStreaming = (s: Snapshot) => s.hasTag('streaming');
export const selectConnectors = (s: Snapshot) => s.context.connectors;
export const selectChosen = (s: Snapshot) => s.context.chosen;
export const selectProblems = (s: Snapshot) => s.context.problems;
export const selectCheck = (s: Snapshot) => s.context.check;
export const selectCounts = (s: Snapshot) => s.context.counts;
export const selectSpecial = (s: Snapshot) => s.context.special;
export const selectErrorCode = (s: Snapshot) => s.context.errorCode;
export const selectReason = (s: Snapshot) => s.context.reason;
export const selectProductCount = (s: Snapshot) =>
  s.context.products.length ||
  (s.context.selection.kind === 'products' ? s.context.selection.uuids.length : 0);
/** How many products the publication sends: the complete ones only after the review. */
export const selectToPublish = (s: Snapshot) =>
  s.context.completeOnly ? (s.context.check?.complete ?? 0) : s.context.products.length;
export const selectInlineOffers = (s: Snapshot) =>
  s.context.inlineOffers.map((deposit) => ({
    deposit,
    moved: s.context.movedInline.includes(deposit),
    moving: s.context.moving === deposit,
  }));

/** `CONNECTOR_NOT_CONNECTED` → `publishing.problemConnectorNotConnected`. */
export function problemI18nKey(problem: string): string {
  const camel = problem
    .toLowerCase()
    .replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
  return `publishing.problem${camel}`;
}

const CHANNEL_KEYS: Readonly<Record<string, string>> = {
  SECONDE_STOREFRONT: 'publishing.channelStorefront',
  EBAY: 'publishing.channelEbay',
  SHOPIFY: 'publishing.channelShopify',
};

export const channelI18nKey = (publisherName: string) =>
  CHANNEL_KEYS[publisherName] ?? 'publishing.channelStorefront';

const CODE_KEYS: Readonly<Record<string, string>> = {
  INCOMPLETE: 'publishing.codeIncomplete',
  PRODUCTS_INCOMPLETE: 'publishing.codeIncomplete',
  CHANNEL_REFUSED: 'publishing.codeChannelRefused',
  CHANNEL_UNAVAILABLE: 'publishing.codeChannelUnavailable',
  RULE_REFUSED: 'publishing.codeRuleRefused',
};

/** The text key of a per-product error code; anything else is the unknown error. */
export const errorCodeI18nKey = (code: string) => CODE_KEYS[code] ?? 'publishing.codeUnknown';

/** The text keys of completeness codes, unknown codes left out. */
export const missingI18nKeys = (missing: readonly string[]) =>
  missing.filter(isCompletenessCode).map(completenessI18nKey);

export interface ResultLink {
  readonly publisherName: string;
  readonly url: string;
  readonly alreadyListed: boolean;
}

export interface ResultError {
  readonly publisherName: string;
  readonly code: string;
  readonly message: string;
  readonly missing: readonly string[];
}

/** One line of the results: the product and what happened on each channel so far. */
export interface ResultRow {
  readonly uuid: string;
  readonly reference: string;
  readonly name: string;
  readonly links: readonly ResultLink[];
  readonly errors: readonly ResultError[];
}

/**
 * The results table's rows: every product sent, in order, with its links and errors. Built by
 * the view once per change of the arrays (at most once per frame), not per message.
 */
export function resultRows(
  products: readonly PreparedProduct[],
  connectors: readonly PublishConnector[],
  listings: readonly PublishListing[],
  errors: readonly PublishItemError[],
): ResultRow[] {
  const channel = new Map(connectors.map((c) => [c.uuid, c.publisherName]));
  const links = new Map<string, ResultLink[]>();
  const failures = new Map<string, ResultError[]>();
  const references = new Map<string, string>();
  for (const l of listings) {
    const list = links.get(l.product) ?? [];
    list.push({ publisherName: l.publisherName, url: l.url, alreadyListed: l.alreadyListed });
    links.set(l.product, list);
  }
  for (const e of errors) {
    const list = failures.get(e.product) ?? [];
    list.push({
      publisherName: channel.get(e.vendorConnector) ?? '',
      code: e.code,
      message: e.message,
      missing: e.missing,
    });
    failures.set(e.product, list);
    if (e.reference) references.set(e.product, e.reference);
  }
  return products.map((p) => ({
    uuid: p.uuid,
    reference: p.reference || references.get(p.uuid) || '',
    name: p.name,
    links: links.get(p.uuid) ?? [],
    errors: failures.get(p.uuid) ?? [],
  }));
}

/** Whether any failure is the unknown one, whose message asks the vendor to contact support. */
export const hasUnknownError = (errors: readonly PublishItemError[], reason: string | null) =>
  reason === 'PUBLISH_UNKNOWN_ERROR' || errors.some((e) => e.code === 'PUBLISH_UNKNOWN_ERROR');
