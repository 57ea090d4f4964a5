import { Code, type HandlerContext } from '@connectrpc/connect';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import { checkStatusChange } from '../../../../src/domain/deposit/rules.ts';
import {
  FINAL_STATUSES,
  isDepositStatus,
  type DepositStatus,
} from '../../../../src/domain/deposit/statuses.ts';
import {
  DepositSchema,
  type CreateDepositRequest,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  insertRow,
  insertableRow,
  mapDatabaseErrors,
  requireCaller,
} from '../../../crud/crudService.ts';
import { policyFor, scopeFor } from '../../../crud/policies.ts';
import { fail } from '../../../rpc/reasons.ts';
import { refuseSecondFamilyDeposit } from '../familyDay.ts';
import { idDocumentMissing } from '../../policeRegister/entries.ts';
import { enforce } from '../rules/ruleSql.ts';
import type { DepositCallContext, Row } from './common.ts';

/** Fields only admin-level callers write (through UpdateAdminOnly); others get the defaults. */
const ADMIN_ONLY_COLUMNS = ['admin_notes', 'qualification_status'];

/**
 * Create: the generic create, plus the deposit rules of 2-business-data.md §5 (one name per
 * vendor; one deposit per customer, family and Paris day) and the starting status. A new deposit
 * starts DRAFT, or in any status the rule engine lets a DRAFT deposit reach (up to RECEIVED, the
 * first required step: a vendor may record items already in hand).
 */
export function createHandlers(context: DepositCallContext) {
  const { db, clock } = context.deps;
  return {
    async create(req: CreateDepositRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      if (!caller.isAdminLevel && scopeFor(caller, 'deposit', 'write') === 'none')
        throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You may not create deposits');
      const row = insertableRow(DepositSchema, await context.columns(), {
        ...(req.deposit ?? {}),
      } as Row);
      if (!caller.isAdminLevel) {
        for (const column of ADMIN_ONLY_COLUMNS) delete row[column];
        policyFor('deposit').prepareCreate?.(caller, row);
      }
      row.status = startingStatus(row);
      if (!caller.isAdminLevel || !row.created_by) row.created_by = caller.sub;
      const now = clock();
      row.created_at = now;
      if (typeof row.name === 'string') row.name = row.name.trim();

      return mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          if (row.vendor && row.name) await checkName(trx, String(row.vendor), String(row.name));
          if (row.customer && row.family)
            await refuseSecondFamilyDeposit(trx, String(row.customer), String(row.family), now);
          // Created already received: the reception step's identity document is asked here too.
          if (
            row.status === 'RECEIVED' &&
            (await idDocumentMissing(
              trx,
              { vendor: row.vendor, customer: row.customer },
              (c) => row[c],
            ))
          )
            enforce({ ok: false, code: 'ID_DOCUMENT_REQUIRED' });
          const uuid = await insertRow(trx, 'deposit', row).catch((error: unknown) => {
            // Two creates racing past the check: the unique index speaks the same refusal.
            if (isNameConflict(error)) throw nameExists();
            throw error;
          });
          return context.toDeposit(await context.depositFor(trx, uuid, caller, 'write'), caller);
        }),
      );
    },
  };
}

function startingStatus(row: Row): DepositStatus {
  const wanted = row.status;
  if (wanted === null || wanted === undefined) return 'DRAFT';
  if (!isDepositStatus(wanted))
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `Unknown status ${String(wanted)}`);
  if (wanted === 'DRAFT') return wanted;
  if (FINAL_STATUSES.includes(wanted))
    throw fail(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      `A deposit cannot be created ${wanted}; create it, then change its status`,
    );
  const verdict = checkStatusChange({ from: 'DRAFT', to: wanted, products: {} });
  if (!verdict.ok)
    throw fail(
      Code.FailedPrecondition,
      verdict.code,
      `A new deposit cannot start ${wanted}${verdict.step ? ` before ${verdict.step}` : ''}`,
    );
  return wanted;
}

function nameExists() {
  return fail(
    Code.AlreadyExists,
    'DEPOSIT_NAME_EXISTS',
    'A deposit with the same name already exists for this vendor',
  );
}

function isNameConflict(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'unique_4_deposit';
}

async function checkName(trx: Kysely<Database>, vendor: string, name: string) {
  const taken = await trx
    .selectFrom('deposit')
    .select('uuid')
    .where('vendor', '=', vendor)
    .where('name', '=', name)
    .limit(1)
    .executeTakeFirst();
  if (taken) throw nameExists();
}
