import { create } from '@bufbuild/protobuf';
import { fromCallback, fromPromise } from 'xstate';
import { isPublisherName } from '../../domain/publishing/channels.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { DepositSchema, DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { PublisherService } from '../../rpc/gen/seconde/v1/publisher_pb.ts';
import { VendorConnectorService } from '../../rpc/gen/seconde/v1/vendor_connector_pb.ts';
import type { TokenGetter } from '../../rpc/interceptors/auth.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import type { StreamClient } from '../../workers/stream/stream.client.ts';
import { depositStatusValue } from '../deposit/enums.ts';
import { stockFiltersHeader } from '../stock/stockQuery.ts';
import { publishMachine } from './publishMachine.ts';
import type {
  CheckInput,
  CheckResult,
  PreparedProduct,
  Prepared,
  PublishConnector,
  PublishEvent,
  PublishInput,
  PublishProgress,
  StreamInput,
} from './publishTypes.ts';

export interface PublishDeps {
  readonly clients: ClientFactory;
  /** The stream worker's bridge: PublishProducts is opened and followed there. */
  readonly publish: StreamClient['publish'];
  /** Absolute base URL of the main service, for the worker's own transport. */
  readonly baseUrl: string;
  /** Asked by the worker on each (re)connection, so a renewed token is the one it sends. */
  readonly getToken: TokenGetter;
  /** Starts the publication's worker ahead, while the vendor checks and confirms. */
  readonly warm?: () => void;
}

/** Rows per read of "all matching" (the server's largest page). */
const COLLECT_PAGE = 5000;
/** Uuids per filters header: 200 uuids stay far below the server's header size limit. */
const LABEL_CHUNK = 200;

/**
 * The publish machine's actors: the channels and products (with their labels) read once, the
 * check, the publication followed in the stream worker, and the deposit's move to INLINE.
 */
export function createPublishActors({ clients, publish, baseUrl, getToken, warm }: PublishDeps) {
  const products = clients.get(ProductService);
  const connectors = clients.get(VendorConnectorService);
  const publisher = clients.get(PublisherService);
  const deposits = clients.get(DepositService);

  const lightPages = async (
    filters: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<PreparedProduct[]> => {
    const found: PreparedProduct[] = [];
    for (let page = 1; ; page++) {
      const answer = await products.extraLightList(
        { pagination: { page, pageSize: COLLECT_PAGE }, ordering: 'reference' },
        withFilters(filters, { signal }),
      );
      for (const p of answer.results)
        found.push({ uuid: p.uuid, reference: p.reference, name: p.name });
      if (page * COLLECT_PAGE >= answer.count || answer.results.length === 0) return found;
    }
  };

  const productsOf = async (input: PublishInput, signal: AbortSignal) => {
    const { selection } = input;
    if (selection.kind === 'matching') {
      const search = selection.filters.search.trim();
      return lightPages(
        { ...stockFiltersHeader(selection.filters), ...(search && { search }) },
        signal,
      );
    }
    const byUuid = new Map<string, PreparedProduct>();
    for (let i = 0; i < selection.uuids.length; i += LABEL_CHUNK)
      for (const p of await lightPages({ uuid: selection.uuids.slice(i, i + LABEL_CHUNK) }, signal))
        byUuid.set(p.uuid, p);
    // In the order picked; a product the list no longer shows is still sent (the check names it).
    return selection.uuids.map((uuid) => byUuid.get(uuid) ?? { uuid, reference: '', name: '' });
  };

  const connectorsOf = async (signal: AbortSignal): Promise<PublishConnector[]> => {
    const answer = await connectors.list(
      { pagination: { page: 1, pageSize: 100 }, isActive: true },
      { signal },
    );
    return answer.results
      .filter(
        (c) =>
          c.isActive &&
          isPublisherName(c.publisherName) &&
          // The storefront is ours: active is enough. Other channels need their authorisation.
          (c.connected || c.publisherName === 'SECONDE_STOREFRONT'),
      )
      .map((c) => ({ uuid: c.uuid, publisherName: c.publisherName, accountName: c.accountName }));
  };

  return {
    prepare: fromPromise<Prepared, PublishInput>(async ({ input, signal }) => {
      const [found, channels] = await Promise.all([
        productsOf(input, signal),
        connectorsOf(signal),
      ]);
      return { products: found, connectors: channels };
    }),
    checkProducts: fromPromise<CheckResult, CheckInput>(async ({ input, signal }) => {
      // The check is the step before the publication: its worker loads meanwhile.
      warm?.();
      const answer = await publisher.checkProducts(
        { products: [...input.products], vendorConnectors: [...input.vendorConnectors] },
        { signal },
      );
      return {
        incomplete: answer.incomplete.map((p) => ({
          product: p.product,
          reference: p.reference,
          name: p.name,
          missing: [...p.missing],
        })),
        complete: answer.complete,
        problems: [...answer.problems],
        alreadyListed: answer.alreadyListed,
      };
    }),
    publishStream: fromCallback<PublishEvent, StreamInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      const { signal } = controller;
      const hooks = {
        getToken: async () => (await getToken()) ?? null,
        onProgress: (progress: PublishProgress) => {
          if (!signal.aborted) sendBack({ type: 'publish.progressed', progress });
        },
        onSpecial: (message: string) => {
          if (!signal.aborted) sendBack({ type: 'publish.special', message });
        },
      };
      // The first token goes with the request: the worker need not ask the page for it.
      void Promise.resolve()
        .then(getToken)
        .then((token) =>
          publish(
            {
              baseUrl,
              ...input,
              products: [...input.products],
              vendorConnectors: [...input.vendorConnectors],
              ...(token && { token }),
            },
            hooks,
            signal,
          ),
        )
        .then(
          (summary) => sendBack({ type: 'publish.finished', summary }),
          (error: unknown) => {
            if (!signal.aborted) sendBack({ type: 'publish.failed', error });
          },
        );
      // Leaving the stream (cancel, closing the dialog) stops the worker; the task goes on.
      return () => controller.abort();
    }),
    moveDepositInline: fromPromise<void, { deposit: string }>(async ({ input, signal }) => {
      // The deposit's own status change, so its rules (and row version) apply as on its page.
      const deposit = await deposits.retrieve({ uuid: input.deposit }, { signal });
      await deposits.partialUpdate(
        {
          deposit: create(DepositSchema, {
            uuid: deposit.uuid,
            rowVersion: deposit.rowVersion,
            status: depositStatusValue('INLINE'),
          }),
          updateMask: { paths: ['status'] },
        },
        { signal },
      );
    }),
  };
}

/** The publish machine with its real actors. */
export function publishLogic(deps: PublishDeps) {
  return publishMachine.provide({ actors: createPublishActors(deps) });
}

export type PublishLogic = ReturnType<typeof publishLogic>;
