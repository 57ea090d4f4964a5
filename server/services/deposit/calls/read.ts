import type { HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import {
  ListDepositsResponseSchema,
  type ListDepositsRequest,
  type RetrieveDepositRequest,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { listPage, pageOf, requireCaller } from '../../../crud/crudService.ts';
import { depositOrder, depositWhere, type DepositCallContext } from './common.ts';

/** List and Retrieve: the generic reads, plus the deposit filters and the admin-only blanking. */
export function readHandlers(context: DepositCallContext) {
  const { db } = context.deps;
  return {
    async list(req: ListDepositsRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const where = await depositWhere(context, caller, ctx.requestHeader.get('filters'), req);
      const order = await depositOrder(context, req.ordering);
      const { rows, count } = await listPage(db, 'deposit', where, order, pageOf(req.pagination));
      return create(ListDepositsResponseSchema, {
        results: await Promise.all(rows.map((row) => context.toDeposit(row, caller))),
        count,
      });
    },

    async retrieve(req: RetrieveDepositRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      return context.toDeposit(await context.depositFor(db, req.uuid, caller, 'read'), caller);
    },
  };
}
