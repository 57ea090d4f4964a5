import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { listPage, pageOf, requireCaller } from '../../crud/crudService.ts';
import { orderingSql } from '../../crud/queryParts.ts';
import { columnFields } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { announcementProblems } from '../../../src/domain/announcements/announcementRules.ts';
import {
  AnnouncementKind,
  AnnouncementSchema,
  ListAnnouncementsResponseSchema,
  type Announcement,
  type CreateAnnouncementRequest,
  type DestroyAnnouncementRequest,
  type ListAnnouncementsRequest,
  type RetrieveAnnouncementRequest,
  type SetFavoriteAnnouncementRequest,
  type UpdateAnnouncementRequest,
} from '../../../src/rpc/gen/seconde/v1/announcement_pb.ts';
import { DestroyResponseSchema } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import { requireInventoryWriter } from '../products/productRows.ts';
import { tableColumns } from '../deposit/rules/ruleSql.ts';
import {
  favoriteOf,
  noFavorite,
  readScope,
  requireAnnouncement,
  type AnnouncementContext,
  type Row,
} from './announcementAccess.ts';

/** Refuses what announcementProblems finds, with the message naming the field or placeholder. */
function checkText(a: { name: string; title: string; description: string }): void {
  const [problem] = announcementProblems(a);
  if (!problem) return;
  if (problem.problem === 'required')
    throw fail(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      problem.field === 'name' ? 'An announcement needs a name' : 'An announcement needs a title',
    );
  throw fail(
    Code.InvalidArgument,
    'ANNOUNCEMENT_PLACEHOLDER_UNKNOWN',
    `Unknown placeholder in the ${problem.field}: {${problem.name}}`,
  );
}

const kindLabel = (kind: AnnouncementKind) =>
  kind === AnnouncementKind.PROMPT ? 'PROMPT' : 'TEMPLATE';

/** Clears the other default of the same owner, before this one becomes the default. */
async function unsetOtherDefaults(trx: Kysely<Database>, owner: Row, uuid: string | null) {
  const sameOwner = owner.vendor
    ? sql<SqlBool>`vendor = ${owner.vendor as string}`
    : sql<SqlBool>`company = ${owner.company as string} and vendor is null`;
  await sql`
    update announcement set is_default = false, updated_at = now(), row_version = row_version + 1
    where is_default and ${sameOwner} ${uuid ? sql`and uuid <> ${uuid}` : sql``}`.execute(trx);
}

/** Who a new announcement belongs to: the caller, or the company its administrator names. */
async function ownerOf(trx: Kysely<Database>, caller: Caller, a: Partial<Announcement>) {
  if (a.company) {
    if (caller.isAdminLevel) return { vendor: null, company: a.company };
    const { rows } = await sql<{ company: string | null; is_company_admin: boolean }>`
      select company, is_company_admin from vendor where uuid = ${caller.vendorUuid}`.execute(trx);
    if (rows[0]?.company !== a.company || !rows[0].is_company_admin)
      throw fail(
        Code.PermissionDenied,
        'FORBIDDEN',
        'Only the company administrator writes the company’s announcements',
      );
    return { vendor: null, company: a.company };
  }
  const vendor = caller.isAdminLevel && a.vendor ? a.vendor : caller.vendorUuid;
  if (!vendor)
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'An announcement needs a vendor');
  return { vendor, company: null };
}

export function announcementHandlers(context: AnnouncementContext) {
  const { db } = context;

  const textOf = (a: Partial<Announcement>) => ({
    name: (a.name ?? '').trim(),
    title: a.title ?? '',
    description: a.description ?? '',
  });

  return {
    /** The caller's announcements and their company's; filters by owner and activity. */
    async list(req: ListAnnouncementsRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const where: RawBuilder<SqlBool>[] = [readScope(caller, 'r')];
      if (req.vendor) where.push(sql<SqlBool>`r.vendor = ${req.vendor}`);
      if (req.company) where.push(sql<SqlBool>`r.company = ${req.company}`);
      if (req.isActive !== undefined) where.push(sql<SqlBool>`r.is_active = ${req.isActive}`);
      const columns = tableColumns(await context.schema(), 'announcement');
      const names = new Set(columnFields(AnnouncementSchema, columns).map((f) => f.name));
      const order = orderingSql(AnnouncementSchema, names, req.ordering || 'name', 'r');
      const { rows, count } = await listPage(
        db,
        'announcement',
        where,
        order,
        pageOf(req.pagination),
      );
      return create(ListAnnouncementsResponseSchema, {
        results: await Promise.all(rows.map((r) => context.toAnnouncement(r))),
        count,
      });
    },

    async retrieve(req: RetrieveAnnouncementRequest, ctx: HandlerContext) {
      const row = await requireAnnouncement(db, req.uuid, requireInventoryWriter(ctx), 'read');
      return context.toAnnouncement(row);
    },

    async create(req: CreateAnnouncementRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const a = req.announcement ?? create(AnnouncementSchema);
      const text = textOf(a);
      checkText(text);
      return context.write(async (trx) => {
        const owner = await ownerOf(trx, caller, a);
        if (a.isDefault) await unsetOtherDefaults(trx, owner, null);
        const { rows } = await sql<Row>`
          insert into announcement (name, title, description, is_active, is_default, vendor, company, kind)
          values (${text.name}, ${text.title}, ${text.description}, ${a.isActive}, ${a.isDefault},
            ${owner.vendor}, ${owner.company}, ${kindLabel(a.kind)}::announcement_kind)
          returning *`.execute(trx);
        return context.toAnnouncement(rows[0]!);
      });
    },

    /** Saves the texts, kind and flags; the owner never changes. row_version 0 skips the check. */
    async update(req: UpdateAnnouncementRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const a = req.announcement ?? create(AnnouncementSchema);
      const text = textOf(a);
      checkText(text);
      return context.write(async (trx) => {
        const current = await requireAnnouncement(trx, a.uuid, caller, 'write', true);
        if (a.rowVersion > 0 && Number(current.row_version) !== a.rowVersion)
          throw fail(
            Code.Aborted,
            'CHANGED_BY_SOMEONE_ELSE',
            'Announcement was changed by someone else; reload it',
          );
        if (a.isDefault && !current.is_default) await unsetOtherDefaults(trx, current, a.uuid);
        const { rows } = await sql<Row>`
          update announcement set name = ${text.name}, title = ${text.title},
            description = ${text.description}, is_active = ${a.isActive},
            is_default = ${a.isDefault}, kind = ${kindLabel(a.kind)}::announcement_kind,
            updated_at = now(), row_version = row_version + 1
          where uuid = ${a.uuid} returning *`.execute(trx);
        return context.toAnnouncement(rows[0]!);
      });
    },

    /**
     * Removes an announcement. The product texts written from it stay (detached from it): they are
     * the vendor's listings, maybe already online. Favourites and product links to it are cleared.
     */
    async destroy(req: DestroyAnnouncementRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      return context.write(async (trx) => {
        await requireAnnouncement(trx, req.uuid, caller, 'write', true);
        await sql`update product_announcement set announcement = null, updated_at = now()
          where announcement = ${req.uuid}`.execute(trx);
        await sql`update product set announcement_uuid = null
          where announcement_uuid = ${req.uuid}`.execute(trx);
        await sql`update vendor set favorite_announcement = null
          where favorite_announcement = ${req.uuid}`.execute(trx);
        await sql`delete from announcement where uuid = ${req.uuid}`.execute(trx);
        return create(DestroyResponseSchema, { success: true });
      });
    },

    /** Makes a readable announcement the caller's favourite; an empty uuid clears it. */
    async setFavorite(req: SetFavoriteAnnouncementRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      if (!caller.vendorUuid)
        throw fail(
          Code.PermissionDenied,
          'FORBIDDEN',
          'Only vendors have a favourite announcement',
        );
      return context.write(async (trx) => {
        const row = req.uuid ? await requireAnnouncement(trx, req.uuid, caller, 'read') : null;
        await sql`update vendor set favorite_announcement = ${row ? req.uuid : null}
          where uuid = ${caller.vendorUuid}`.execute(trx);
        return row ? context.toAnnouncement(row) : create(AnnouncementSchema);
      });
    },

    async getFavorite(_req: unknown, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const row = await favoriteOf(db, caller.vendorUuid, caller);
      if (!row) throw noFavorite();
      return context.toAnnouncement(row);
    },
  };
}
