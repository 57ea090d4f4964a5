import { create } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import {
  parsePastedBuyer,
  type PastedBuyer,
  type PastedPlatform,
} from '../../../src/domain/buyers/pastedBuyer.ts';
import {
  BuyerPreviewSchema,
  BuyerSchema,
  BuyerService,
  type Buyer,
  type CreateBuyerFromPastedTextRequest,
} from '../../../src/rpc/gen/seconde/v1/buyer_pb.ts';
import { PersonGender } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { SalePlatform } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { insertableRow, insertRow, requireCaller } from '../../crud/crudService.ts';
import { policyFor, scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Database } from '../../db/schema.gen.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';

const PASTED_PLATFORMS: readonly PastedPlatform[] = [
  'MAIN_MARKETPLACE',
  'LEBONCOIN',
  'EBAY',
  'VESTIAIRE_COLLECTIVE',
];

/** The marketplace the vendor chose, when the parser knows its pages; else the text decides. */
function hintOf(platform: SalePlatform): PastedPlatform | '' {
  const name = SalePlatform[platform] as string;
  return (PASTED_PLATFORMS as readonly string[]).includes(name) ? (name as PastedPlatform) : '';
}

/** Reads the buyer out of the request's text, or refuses with a reason the app translates. */
function understood(req: CreateBuyerFromPastedTextRequest): PastedBuyer {
  const result = parsePastedBuyer(req.text, hintOf(req.platform));
  if (result.ok) return result.buyer;
  throw fail(
    Code.InvalidArgument,
    result.reason,
    result.reason === 'BUYER_TEXT_EMPTY'
      ? 'The pasted text is empty'
      : 'No buyer could be read from the pasted text: it needs a name and an address, an e-mail or a marketplace account',
  );
}

function buyerOf(parsed: PastedBuyer): Buyer {
  return create(BuyerSchema, {
    firstName: parsed.firstName,
    lastName: parsed.lastName,
    gender:
      parsed.gender === 'MAN'
        ? PersonGender.MAN
        : parsed.gender === 'WOMAN'
          ? PersonGender.WOMAN
          : PersonGender.UNSPECIFIED,
    email: parsed.email,
    phoneNumber: parsed.phoneNumber,
    address: parsed.address,
    addressComplement: parsed.addressComplement,
    postalCode: parsed.postalCode,
    city: parsed.city,
    countryCode: parsed.countryCode,
    countryName: parsed.countryName,
    marketplaceAccountId: parsed.marketplaceAccountId,
    marketplaceProfile: parsed.marketplaceProfile,
  });
}

/**
 * The caller's buyer who is the same person: the same e-mail, or the same marketplace account
 * (case aside), among the buyers the caller may read. The oldest wins when several match.
 */
async function existingBuyer(
  db: Kysely<Database>,
  caller: Caller,
  parsed: PastedBuyer,
): Promise<Buyer | undefined> {
  const email = parsed.email.toLowerCase();
  const account = parsed.marketplaceAccountId.toLowerCase();
  if (!email && !account) return undefined;
  const { rows } = await sql<Record<string, unknown>>`
    select * from buyer as r
    where ${scopeSql(scopeFor(caller, 'buyer', 'read'), 'r')}
      and ((${email} <> '' and lower(r.email) = ${email})
        or (${account} <> '' and lower(r.marketplace_account_id) = ${account}))
    order by r.created_at, r.uuid limit 1`.execute(db);
  if (!rows[0]) return undefined;
  return rowToMessage(BuyerSchema, await tableColumns(db, 'buyer'), rows[0]);
}

/**
 * The vendor's buyer with this marketplace login (case aside), or a new one of the vendor's with
 * the login as its account and name, for the marketplace transactions import; one vendor's
 * lookups are serialised like the pastes, so two imports of one order make one buyer.
 */
export async function buyerForMarketplaceLogin(
  trx: Kysely<Database>,
  vendorUuid: string,
  login: string,
  profileUrl: string,
): Promise<{ uuid: string; created: boolean }> {
  await sql`select pg_advisory_xact_lock(hashtext(${`buyer:${vendorUuid}`}))`.execute(trx);
  const { rows } = await sql<{ uuid: string }>`
    select uuid from buyer
    where vendor = ${vendorUuid} and lower(marketplace_account_id) = ${login.toLowerCase()}
    order by created_at, uuid limit 1`.execute(trx);
  if (rows[0]) return { uuid: rows[0].uuid, created: false };
  const { rows: made } = await sql<{ uuid: string }>`
    insert into buyer (vendor, first_name, marketplace_account_id, marketplace_profile)
    values (${vendorUuid}, ${login}, ${login}, ${profileUrl}) returning uuid`.execute(trx);
  return { uuid: made[0]!.uuid, created: true };
}

/**
 * Buyers from text pasted from a marketplace's order page: the preview shows what was read and the
 * existing buyer it matches, saving nothing; the create saves it, or gives the existing one back.
 */
export function buyerCallsHandlers({ db }: ServiceDeps) {
  return [
    implement(BuyerService, {
      previewFromPastedText: async (req, ctx: HandlerContext) => {
        const caller = requireCaller(ctx);
        const parsed = understood(req);
        const existing = await existingBuyer(db, caller, parsed);
        return create(BuyerPreviewSchema, {
          buyer: buyerOf(parsed),
          existing,
          platform: parsed.platform ? SalePlatform[parsed.platform] : SalePlatform.UNSPECIFIED,
        });
      },
      createFromPastedText: async (req, ctx: HandlerContext) => {
        const caller = requireCaller(ctx);
        const parsed = understood(req);
        return db.transaction().execute(async (trx) => {
          // One vendor's pastes are serialised, so two quick pastes of one order make one buyer.
          if (caller.vendorUuid)
            await sql`select pg_advisory_xact_lock(hashtext(${`buyer:${caller.vendorUuid}`}))`.execute(
              trx,
            );
          const existing = await existingBuyer(trx, caller, parsed);
          if (existing) return existing;
          const columns = await tableColumns(trx, 'buyer');
          const row = insertableRow(BuyerSchema, columns, buyerOf(parsed) as never);
          if (!caller.isAdminLevel) policyFor('buyer').prepareCreate?.(caller, row);
          const uuid = await insertRow(trx, 'buyer', row);
          const { rows } = await sql<Record<string, unknown>>`
            select * from buyer where uuid = ${uuid}`.execute(trx);
          return rowToMessage(BuyerSchema, columns, rows[0]!);
        });
      },
    }),
  ] as const;
}
