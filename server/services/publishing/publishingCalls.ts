import { channelBrand } from '../../../src/domain/publishing/channels.ts';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { StreamCode } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import {
  CheckPublishResponseSchema,
  PublishProductErrorSchema,
  PublishProductsResponseSchema,
  type CheckPublishRequest,
  type CheckPublishResponse,
  type PublishProductsRequest,
  type PublishProductsResponse,
} from '../../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { PublisherService } from '../../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { ProductListingService } from '../../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { implement } from '../implement.ts';
import {
  channelOverridesOf,
  connectorRegistry,
  type ChannelOverrides,
} from './connectors/registry.ts';
import { listingCallsHandlers } from './listingCalls.ts';
import { checkPublication, requirePublisher, type PublishCheck } from './publishCheck.ts';
import { appendPublishLog } from './publishLog.ts';
import { followPublication, requireFollowable } from './publishStream.ts';
import { publishRunner, type PublishPayload } from './publishTask.ts';
import { startWithdrawalSweep, withdrawRunner } from './withdrawals.ts';

/** English texts of the request problems; the page shows its own from the code. */
const PROBLEMS = {
  NO_PUBLISHERS: [Code.InvalidArgument, 'Choose at least one sales channel'],
  NO_PRODUCTS: [Code.InvalidArgument, 'Choose at least one product'],
  CONNECTOR_UNKNOWN: [Code.FailedPrecondition, 'This sales channel cannot be published to'],
  CONNECTOR_INACTIVE: [Code.FailedPrecondition, 'A chosen connector is not active'],
  CONNECTOR_NOT_CONNECTED: [Code.FailedPrecondition, 'A chosen connector is not connected'],
} as const;

/** The text of the first message of a new publication, sent while its products are checked. */
export const CHECKING_MESSAGE = 'checking';

const distinctCount = (values: readonly string[]) => new Set(values.filter((v) => v !== '')).size;

/** Refuses a publication whose request itself is wrong, or that has incomplete products. */
function refuseUnpublishable(check: PublishCheck, completeOnly: boolean): void {
  const [problem] = check.problems;
  if (problem) {
    const [code, message] = PROBLEMS[problem];
    throw fail(code, problem, message);
  }
  if (check.incomplete.length > 0 && !completeOnly) {
    const named = check.incomplete
      .slice(0, 20)
      .map((p) => `${p.reference || p.product}: ${p.missing.join(', ')}`)
      .join('; ');
    throw fail(
      Code.FailedPrecondition,
      'PRODUCTS_INCOMPLETE',
      `${check.incomplete.length} products cannot be published yet (${named})`,
    );
  }
}

/**
 * PublisherService (CheckProducts, PublishProducts) and ProductListingService (List, ListEvents,
 * Withdraw). Registers the publish and withdrawal task runners and starts the periodic withdrawal
 * sweep. `channels` replaces channel connectors (tests); by default the server's connector
 * settings may carry them, else each channel's own file is used.
 */
export function publishingCallsHandlers(
  deps: ServiceDeps,
  channels: ChannelOverrides = channelOverridesOf(deps),
) {
  const { db, tasks } = deps;
  const connectorOf = connectorRegistry(deps, channels);
  tasks.register(TaskName.PUBLISH_PRODUCTS, publishRunner(deps, connectorOf), {
    idempotent: true,
  });
  tasks.register(TaskName.WITHDRAW_LISTINGS, withdrawRunner(deps, connectorOf), {
    idempotent: true,
  });
  startWithdrawalSweep(deps);

  async function checkProducts(
    req: CheckPublishRequest,
    ctx: HandlerContext,
  ): Promise<CheckPublishResponse> {
    const caller = requireCaller(ctx);
    const check = await checkPublication(db, caller, {
      products: req.products,
      connectors: req.vendorConnectors,
    });
    return create(CheckPublishResponseSchema, {
      incomplete: check.incomplete.map((p) => ({ ...p, missing: [...p.missing] })),
      complete: check.complete.length,
      problems: [...check.problems],
      alreadyListed: check.alreadyListed,
    });
  }

  async function* publishProducts(
    req: PublishProductsRequest,
    ctx: HandlerContext,
  ): AsyncGenerator<PublishProductsResponse> {
    const caller = requireCaller(ctx);
    requirePublisher(caller);
    if (req.task) {
      await requireFollowable(db, caller, req.task);
      yield* followPublication(db, req.task, ctx.signal);
      return;
    }
    // A message at once, before the check (which reads every product): the page shows the
    // publication started. A refusal of the check still ends the stream with its reason; it
    // comes after this message, which names no task yet.
    const asked = distinctCount(req.products) * distinctCount(req.vendorConnectors);
    yield create(PublishProductsResponseSchema, {
      code: StreamCode.PROGRESS,
      total: asked,
      progress: 0,
      message: CHECKING_MESSAGE,
    });
    // The response goes out on the next tick; the check's queries on the embedded database resolve
    // as a chain of promises that would hold that tick back until they all ran.
    await yieldToEventLoop();
    const check = await checkPublication(db, caller, {
      products: req.products,
      connectors: req.vendorConnectors,
    });
    refuseUnpublishable(check, req.completeOnly);
    const skipped = check.incomplete.map((p) => ({
      kind: 'ERROR' as const,
      product: p.product,
      connector: '',
      publisher: '',
      code: 'INCOMPLETE',
      message: p.missing.join(', '),
      missing: p.missing,
    }));
    const incompleteErrors = check.incomplete.map((p) =>
      create(PublishProductErrorSchema, {
        product: p.product,
        reference: p.reference,
        code: 'INCOMPLETE',
        message: p.missing.join(', '),
        missing: [...p.missing],
      }),
    );
    if (check.complete.length === 0 || !check.vendor) {
      // Nothing left to send: no task, the answer is the list of what each product lacks.
      yield create(PublishProductsResponseSchema, {
        code: StreamCode.FINISH,
        errors: incompleteErrors,
        message: '0/0',
      });
      return;
    }
    const connectors = check.connectors.map((c) => c.uuid);
    const payload: PublishPayload = { products: check.complete, connectors };
    // The panel translates the task's name; the label names the channels by their brands, which
    // read the same in every language.
    const publishers = [...new Set(check.connectors.map((c) => channelBrand(c.publisher)))];
    const task = await tasks.enqueue({
      name: TaskName.PUBLISH_PRODUCTS,
      vendorUuid: check.vendor,
      label: publishers.join(' · '),
      payload: { ...payload },
      totalItems: check.complete.length * connectors.length,
      requestedBy: caller.sub,
    });
    const total = check.complete.length * connectors.length;
    // Progress at once, before the runner has read anything: the total and the products skipped.
    yield create(PublishProductsResponseSchema, {
      code: StreamCode.PROGRESS,
      task: task.uuid,
      total,
      errors: incompleteErrors,
      message: `0/${total}`,
    });
    // Kept in the log for a page that reconnects; not sent twice on this stream.
    const sent = await appendPublishLog(db, task.uuid, skipped);
    yield* followPublication(db, task.uuid, ctx.signal, sent);
  }

  return [
    implement(PublisherService, { checkProducts, publishProducts }),
    implement(ProductListingService, listingCallsHandlers(deps, connectorOf)),
  ] as const;
}
