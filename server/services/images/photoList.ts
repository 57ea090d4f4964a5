import type { HandlerContext } from '@connectrpc/connect';
import type { DescService } from '@bufbuild/protobuf';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { crudHandlers } from '../../crud/crudService.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { PhotoSpec } from './photoSpecs.ts';

type Handler = (req: Record<string, unknown>, ctx: HandlerContext) => Promise<unknown>;

/**
 * The generic List, with the typed fields of the list request (deposit or product,
 * processing_status) applied as filters, and the gallery order as the default ordering: a
 * client that asks for one deposit's photos gets exactly those, first photo first.
 */
export function photoListHandler(db: Kysely<Database>, service: DescService, spec: PhotoSpec) {
  let generic: Promise<Handler> | undefined;
  return async (req: Record<string, unknown>, ctx: HandlerContext) => {
    generic ??= tableColumns(db, spec.table).then(
      (columns) => crudHandlers(db, service, spec.resource, spec.table, columns).list!,
    );
    const typed: Record<string, unknown> = {};
    if (req[spec.owner]) typed[spec.owner] = req[spec.owner];
    if (req.processingStatus) typed.processing_status = req.processingStatus;
    if (Object.keys(typed).length) {
      const sent = parsedFilters(ctx.requestHeader.get('filters'));
      // A header that does not parse is left for the generic list to refuse (INVALID_FILTERS).
      if (sent)
        ctx.requestHeader.set('filters', encodeURIComponent(JSON.stringify({ ...sent, ...typed })));
    }
    return (await generic)({ ...req, ordering: req.ordering || 'order' }, ctx);
  };
}

function parsedFilters(header: string | null): object | null {
  if (!header) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(header));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
