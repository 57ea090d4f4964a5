import { createHash } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  mapDatabaseErrors,
  requireCaller,
  requireInScope,
  requireUuid,
} from '../../crud/crudService.ts';
import { scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { companyProblems, normaliseCompany } from '../../../src/domain/company/companyRules.ts';
import {
  PROOF_KINDS,
  proofKind,
  proofProblem,
  type ProofReason,
} from '../../../src/domain/company/proofFile.ts';
import {
  CompanySchema,
  ProofOfRegistrationFileSchema,
  type Company,
  type CreateCompanyRequest,
  type DownloadProofOfRegistrationRequest,
  type UpdateCompanyRequest,
  type UploadProofOfRegistrationRequest,
} from '../../../src/rpc/gen/seconde/v1/company_pb.ts';
import { lazySchema, tableColumns } from '../deposit/rules/ruleSql.ts';
import { proofKey, proofKindOfKey, type ProofStore } from './proofStore.ts';

type Row = Record<string, unknown>;

const MESSAGES = {
  COMPANY_TITLE_REQUIRED: 'A company needs a name',
  SIRET_INVALID: 'The SIRET must be 14 digits with a valid check key',
  WEBSITE_INVALID: 'The website must be an http or https address',
  PERCENTAGE_INVALID: 'The negotiated percentage is a whole number from 0 to 100',
} as const;

const PROOF_MESSAGES: Record<ProofReason, string> = {
  PROOF_FILE_TYPE: 'The proof of registration must be a PDF, JPEG or PNG file',
  PROOF_FILE_SIZE: 'The proof of registration must be between 1 byte and 10 MB',
};

/** A refusal about the uploaded file, naming the `data` field like FIELD_INVALID does. */
const refuseProof = (reason: ProofReason) =>
  new ConnectError(
    JSON.stringify({ code: reason, message: PROOF_MESSAGES[reason], field: 'data' }),
    Code.InvalidArgument,
  );

/** The company as stored, or the first rule it breaks (before anything is written). */
function checked(c: Company | undefined) {
  const company = normaliseCompany(c ?? create(CompanySchema));
  const [problem] = companyProblems(company);
  if (problem) throw fail(Code.InvalidArgument, problem, MESSAGES[problem]);
  return company;
}

/** The columns a company's form edits; its proof of registration is not one of them. */
function editable(c: Company) {
  return {
    title: c.title,
    siret: c.siret,
    website_link: c.websiteLink,
    tax_eligible: c.taxEligible,
    negociated_pourcentage_on_price: c.negociatedPourcentageOnPrice,
    postal_code: c.postalCode.trim(),
    address: c.address.trim(),
    city: c.city.trim(),
    use_vendor_address_as_facturation_address: c.useVendorAddressAsFacturationAddress,
  };
}

/**
 * A company in the caller's write scope (its administrator, or staff), locked; else FORBIDDEN when
 * the caller reads it (another member) or it exists, NOT_FOUND otherwise.
 */
async function requireWritable(trx: Kysely<Database>, uuid: string, caller: Caller) {
  requireUuid(uuid, 'company');
  const scope = scopeSql(scopeFor(caller, 'company', 'write'), 'c');
  const { rows } = await sql<Row>`
    select * from company c where c.uuid = ${uuid} and ${scope} for update`.execute(trx);
  if (rows[0]) return rows[0];
  const exists = await sql`select 1 from company where uuid = ${uuid}`.execute(trx);
  if (exists.rows.length === 0) throw fail(Code.NotFound, 'NOT_FOUND', 'Company not found');
  throw fail(
    Code.PermissionDenied,
    'FORBIDDEN',
    'Only the company administrator may change the company',
  );
}

/**
 * CompanyService's writes: a vendor without a company creates one and becomes its administrator
 * in the same transaction; the administrator (or staff) updates it. List and retrieve stay generic.
 */
export function companyHandlers(db: Kysely<Database>, clock: () => Date, proofs: ProofStore) {
  const schema = lazySchema(db);
  const toCompany = async (row: Row) =>
    rowToMessage(CompanySchema, tableColumns(await schema(), 'company'), row);
  const write = async <T>(run: (trx: Kysely<Database>) => Promise<T>) => {
    await schema();
    return mapDatabaseErrors(() => db.transaction().execute(run));
  };

  return {
    async create(req: CreateCompanyRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const company = checked(req.company);
      return write(async (trx) => {
        const vendorUuid = caller.isAdminLevel ? null : caller.vendorUuid;
        if (!caller.isAdminLevel) {
          if (!vendorUuid) throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Vendors only');
          const { rows } = await sql<{ company: string | null }>`
            select company from vendor where uuid = ${vendorUuid} for update`.execute(trx);
          if (rows[0]?.company)
            throw fail(
              Code.FailedPrecondition,
              'ALREADY_IN_COMPANY',
              'You already belong to a company',
            );
        }
        const row = await trx
          .insertInto('company')
          .values(editable(company))
          .returningAll()
          .executeTakeFirstOrThrow();
        if (vendorUuid)
          await trx
            .updateTable('vendor')
            .set((eb) => ({
              company: row.uuid,
              is_company_admin: true,
              updated_at: clock(),
              row_version: eb('row_version', '+', 1),
            }))
            .where('uuid', '=', vendorUuid)
            .execute();
        return toCompany(row);
      });
    },

    /** Saves the form's fields; row_version 0 skips the concurrent-edit check. */
    async update(req: UpdateCompanyRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const company = checked(req.company);
      return write(async (trx) => {
        const current = await requireWritable(trx, company.uuid, caller);
        if (company.rowVersion > 0 && Number(current.row_version) !== company.rowVersion)
          throw fail(
            Code.Aborted,
            'CHANGED_BY_SOMEONE_ELSE',
            'The company was changed by someone else; reload it',
          );
        const row = await trx
          .updateTable('company')
          .set((eb) => ({
            ...editable(company),
            updated_at: clock(),
            row_version: eb('row_version', '+', 1),
          }))
          .where('uuid', '=', company.uuid)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toCompany(row);
      });
    },

    /**
     * The administrator's proof of registration: a PDF, JPEG or PNG by its first bytes (whatever
     * type or name the browser declares), stored privately under a key named after its content,
     * then recorded on the company. A refused file writes nothing.
     */
    async uploadProofOfRegistration(req: UploadProofOfRegistrationRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      requireUuid(req.company, 'company');
      const problem = proofProblem(req.data);
      if (problem) throw refuseProof(problem);
      const kind = proofKind(req.data)!;
      const sha256 = createHash('sha256').update(req.data).digest('hex');
      const key = proofKey(req.company, sha256, kind);
      return write(async (trx) => {
        await requireWritable(trx, req.company, caller);
        // Stored before the row names it: a failed write leaves an orphan file, never a dangling key.
        await proofs.put(key, req.data);
        const row = await trx
          .updateTable('company')
          .set((eb) => ({
            proof_registration: key,
            updated_at: clock(),
            row_version: eb('row_version', '+', 1),
          }))
          .where('uuid', '=', req.company)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toCompany(row);
      });
    },

    /** The stored proof, for the company's members and staff. */
    async downloadProofOfRegistration(
      req: DownloadProofOfRegistrationRequest,
      ctx: HandlerContext,
    ) {
      const caller = requireCaller(ctx);
      requireUuid(req.company, 'company');
      await schema();
      const row = await requireInScope(db, 'company', req.company, caller, 'read', 'company');
      const key = typeof row.proof_registration === 'string' ? row.proof_registration : '';
      const data = key ? await proofs.get(key) : null;
      if (!data)
        throw fail(
          Code.FailedPrecondition,
          'PROOF_NOT_UPLOADED',
          'No proof of registration has been uploaded',
        );
      const kind = proofKindOfKey(key);
      const title = String(row.title ?? '').replace(/[^\w.-]+/g, '_') || 'company';
      return create(ProofOfRegistrationFileSchema, {
        data,
        filename: `kbis-${title}.${kind}`,
        contentType: PROOF_KINDS[kind].contentType,
      });
    },
  };
}
