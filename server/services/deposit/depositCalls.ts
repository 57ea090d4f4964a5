import type { ServiceDeps } from '../deps.ts';
import { DepositService } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { implement } from '../implement.ts';
import { adminOnlyHandlers } from './calls/adminOnly.ts';
import { depositCallContext } from './calls/common.ts';
import { createHandlers } from './calls/create.ts';
import { defaultDepositHandlers } from './calls/defaultDeposit.ts';
import { figuresHandlers } from './calls/figures.ts';
import { mailAndDestroyHandlers } from './calls/mailAndDestroy.ts';
import { readHandlers } from './calls/read.ts';
import { statsHandlers } from './calls/stats.ts';

/**
 * The deposit calls of 2-business-data.md §7 other than status rules, requests and drafts: list,
 * retrieve, create, destroy, admin-only data, the default deposit, figures, statistics and the
 * update mail. They replace the generic CRUD handlers of the same name.
 */
export function depositCallsHandlers(deps: ServiceDeps) {
  const context = depositCallContext(deps);
  return [
    implement(DepositService, {
      ...readHandlers(context),
      ...createHandlers(context),
      ...adminOnlyHandlers(context),
      ...defaultDepositHandlers(context),
      ...figuresHandlers(context),
      ...statsHandlers(context),
      ...mailAndDestroyHandlers(context),
    }),
  ] as const;
}
