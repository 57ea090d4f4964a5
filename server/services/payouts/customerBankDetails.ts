import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { sql } from 'kysely';
import { crudHandlers, requireCaller } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { snakeCase } from '../../db/schemaSql.ts';
import { maskIban } from '../../../src/domain/bank/iban.ts';
import { bankDetailsProblems, normaliseBankDetails } from '../../../src/domain/bank/payoutRules.ts';
import {
  CustomerSchema,
  CustomerService,
  type CreateCustomerRequest,
  type Customer,
  type ListCustomersResponse,
  type PartialUpdateCustomerRequest,
  type RetrieveCustomerRequest,
  type UpdateCustomerRequest,
} from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';

type Handler<Req, Res> = (req: Req, ctx: HandlerContext) => Promise<Res>;

const FIELD_COLUMN = { iban: 'iban', bic: 'bic', accountHolder: 'account_holder' } as const;
const MESSAGES = {
  IBAN_FORMAT: 'The IBAN is not written as an IBAN (country, check digits, account)',
  IBAN_CHECKSUM: 'The IBAN check digits do not match: a character is wrong',
  IBAN_COUNTRY: 'Only IBANs of SEPA countries are accepted',
  BIC_INVALID: 'The BIC must be 8 or 11 letters and digits',
} as const;

/**
 * Whether the caller reads a customer's IBAN in full: the customer themself and the vendors the
 * record belongs to. Anyone else, staff included, reads it masked (docs/decisions.md, "Payouts").
 */
export function readsFullIban(
  caller: Caller,
  customer: Pick<Customer, 'uuid' | 'vendors'>,
): boolean {
  if (caller.customerUuid && caller.customerUuid === customer.uuid) return true;
  return Boolean(caller.vendorUuid && customer.vendors.includes(caller.vendorUuid));
}

/** The customer as this caller may see it: `ibanMasked` always, `iban` masked unless allowed. */
export function presentCustomer(caller: Caller, customer: Customer): Customer {
  customer.ibanMasked = customer.iban ? maskIban(customer.iban) : '';
  if (!readsFullIban(caller, customer)) customer.iban = customer.ibanMasked;
  return customer;
}

function isCustomer(value: unknown): value is Customer {
  return (value as { $typeName?: string } | null)?.$typeName === CustomerSchema.typeName;
}

/** A masked IBAN sent back (what a reader who may not see it got) means "unchanged". */
const isMasked = (iban: string) => iban.includes('*');

/**
 * Checks and normalises the bank details a save names (all of them, or those of the mask), in
 * place; the first problem is refused with its field, before anything is written.
 */
function checkBankFields(customer: Customer | undefined, fields: ReadonlySet<string> | null): void {
  if (!customer) return;
  const named = (field: keyof typeof FIELD_COLUMN) =>
    fields === null || fields.has(FIELD_COLUMN[field]);
  const input = {
    iban: named('iban') ? customer.iban : '',
    bic: named('bic') ? customer.bic : '',
    accountHolder: customer.accountHolder,
  };
  const [problem] = bankDetailsProblems(input);
  if (problem)
    throw new ConnectError(
      JSON.stringify({
        code: problem.reason,
        message: MESSAGES[problem.reason],
        field: `customer.${FIELD_COLUMN[problem.field]}`,
      }),
      Code.InvalidArgument,
    );
  const normal = normaliseBankDetails(input);
  if (named('iban')) customer.iban = normal.iban;
  if (named('bic')) customer.bic = normal.bic;
  if (named('accountHolder')) customer.accountHolder = normal.accountHolder;
}

interface CustomerWrites {
  create: Handler<CreateCustomerRequest, Customer>;
  update: Handler<UpdateCustomerRequest, Customer>;
  partialUpdate: Handler<PartialUpdateCustomerRequest, Customer>;
}

/**
 * The customer calls with bank details: IBAN and BIC checked on every save (IBAN_FORMAT,
 * IBAN_CHECKSUM, IBAN_COUNTRY, BIC_INVALID, naming the field), a masked IBAN sent back leaving the
 * stored one unchanged, and every answer showing the IBAN in full only to whoever may read it.
 */
export function customerBankDetails<H extends CustomerWrites>(
  deps: Pick<ServiceDeps, 'db'>,
  handlers: H,
) {
  const { db } = deps;
  let generic: Promise<Record<string, Handler<unknown, unknown>>> | undefined;
  const genericReads = () =>
    (generic ??= tableColumns(db, 'customer').then(
      (columns) =>
        crudHandlers(db, CustomerService, CustomerSchema, 'customer', columns) as Record<
          string,
          Handler<unknown, unknown>
        >,
    ));

  const storedIban = async (uuid: string) => {
    const { rows } = await sql<{ iban: string | null }>`
      select iban from customer where uuid = ${uuid}`.execute(db);
    return rows[0]?.iban ?? '';
  };

  // Every other call answering a customer (legal terms, shipping choices, the customer's own
  // edit, onboarding) shows the IBAN by the same rule.
  const presented: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    if (typeof handler !== 'function') continue;
    presented[name] = async (req: unknown, ctx: HandlerContext) => {
      const answer: unknown = await (handler as Handler<unknown, unknown>)(req, ctx);
      return isCustomer(answer) ? presentCustomer(requireCaller(ctx), answer) : answer;
    };
  }

  return {
    ...handlers,
    ...(presented as Partial<H>),
    async list(req: unknown, ctx: HandlerContext): Promise<ListCustomersResponse> {
      const caller = requireCaller(ctx);
      const page = (await (await genericReads()).list!(req, ctx)) as ListCustomersResponse;
      page.results.forEach((c) => presentCustomer(caller, c));
      return page;
    },
    async retrieve(req: RetrieveCustomerRequest, ctx: HandlerContext): Promise<Customer> {
      const caller = requireCaller(ctx);
      return presentCustomer(
        caller,
        (await (
          await genericReads()
        ).retrieve!(req, ctx)) as Customer,
      );
    },
    async create(req: CreateCustomerRequest, ctx: HandlerContext): Promise<Customer> {
      const caller = requireCaller(ctx);
      checkBankFields(req.customer, null);
      return presentCustomer(caller, await handlers.create(req, ctx));
    },
    async update(req: UpdateCustomerRequest, ctx: HandlerContext): Promise<Customer> {
      const caller = requireCaller(ctx);
      if (req.customer && isMasked(req.customer.iban))
        req.customer.iban = await storedIban(req.customer.uuid);
      checkBankFields(req.customer, null);
      return presentCustomer(caller, await handlers.update(req, ctx));
    },
    async partialUpdate(req: PartialUpdateCustomerRequest, ctx: HandlerContext): Promise<Customer> {
      const caller = requireCaller(ctx);
      if (req.updateMask && req.customer && isMasked(req.customer.iban))
        req.updateMask.paths = req.updateMask.paths.filter((p) => snakeCase(p) !== 'iban');
      const fields = new Set((req.updateMask?.paths ?? []).map(snakeCase));
      checkBankFields(req.customer, fields);
      return presentCustomer(caller, await handlers.partialUpdate(req, ctx));
    },
  };
}
