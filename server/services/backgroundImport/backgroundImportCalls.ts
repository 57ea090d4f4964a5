import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { parseMarketplaceProfile } from '../../../src/domain/marketplaceProfile.ts';
import {
  ImportMarketplaceProfileResponseSchema,
  type ImportMarketplaceProfileRequest,
  type ImportMarketplaceProfileResponse,
} from '../../../src/rpc/gen/seconde/v1/background_import_pb.ts';
import { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { requireCaller, requireUuid } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { BackgroundImportService } from '../../../src/rpc/gen/seconde/v1/background_import_pb.ts';
import { implement } from '../implement.ts';
import { httpMarketplaceConnector, type MarketplaceConnector } from './marketplaceConnector.ts';
import { wardrobeImportRunner, type WardrobeImportPayload } from './wardrobeImport.ts';

/** A vendor imports for themself; staff may name the vendor (or import for their own record). */
async function importingVendor(deps: ServiceDeps, caller: Caller, named: string | undefined) {
  const vendor = named?.trim() || undefined;
  if (!caller.isAdminLevel) {
    if (!caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors import a wardrobe');
    if (vendor && vendor !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You import into your own stock only');
    return caller.vendorUuid;
  }
  const chosen = vendor ?? caller.vendorUuid;
  if (!chosen)
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Name the vendor to import for');
  requireUuid(chosen, 'vendor');
  const { rows } = await sql`select 1 from vendor where uuid = ${chosen}`.execute(deps.db);
  if (!rows[0]) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
  return chosen;
}

/**
 * BackgroundImportService: ImportMarketplaceProfile checks the profile address, the caller's
 * scope and plan, then queues the wardrobe import whose runner it registers here. The connector
 * is the marketplace's web JSON at MARKETPLACE_API_URL unless a test hands its own.
 */
export function backgroundImportCallsHandlers(
  deps: ServiceDeps,
  connector: MarketplaceConnector = httpMarketplaceConnector(deps.marketplaceApiUrl),
) {
  const { db, clock, tasks } = deps;
  tasks.register(TaskName.IMPORT_MARKETPLACE_PROFILE, wardrobeImportRunner(db, clock, connector), {
    idempotent: true,
  });

  async function importMarketplaceProfile(
    req: ImportMarketplaceProfileRequest,
    ctx: HandlerContext,
  ): Promise<ImportMarketplaceProfileResponse> {
    const caller = requireCaller(ctx);
    const vendorUuid = await importingVendor(deps, caller, req.vendor);
    const profile = parseMarketplaceProfile(req.profileUrl);
    if (!profile)
      throw fail(
        Code.InvalidArgument,
        'PROFILE_URL_INVALID',
        'The address is not a profile of the marketplace (https://www.vinted.fr/member/12345-name)',
      );
    const payload: WardrobeImportPayload = { profileUrl: profile.url };
    const backgroundTask = await tasks.enqueue({
      name: TaskName.IMPORT_MARKETPLACE_PROFILE,
      vendorUuid,
      label: profile.url,
      payload: { ...payload },
      requestedBy: caller.sub,
    });
    return create(ImportMarketplaceProfileResponseSchema, { backgroundTask });
  }

  return [implement(BackgroundImportService, { importMarketplaceProfile })] as const;
}
