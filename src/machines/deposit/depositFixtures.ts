import { create } from '@bufbuild/protobuf';
import {
  Code,
  ConnectError,
  createRouterTransport,
  type HandlerContext,
} from '@connectrpc/connect';
import { checkBulkSaleStatus, checkStatusChange } from '../../domain/deposit/rules.ts';
import { countSaleStatuses, type SaleStatus } from '../../domain/deposit/statuses.ts';
import { createClientFactory, type ClientFactory } from '../../rpc/clients.ts';
import {
  ChangeSaleStatusForAllProductsResponseSchema,
  DepositAdminOnlySchema,
  DepositSchema,
  DepositService,
  QualificationStatus,
  type Deposit,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ListProductsResponseSchema,
  ProductSchema,
  ProductService,
  type Product,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import { appInterceptors } from '../../rpc/transport.ts';
import { VendorSchema, VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import {
  isIdDocumentComplete,
  receptionNeedsIdDocument,
} from '../../domain/policeRegister/idDocument.ts';
import { depositStatusOf, labelOf, saleStatusOf, saleStatusValue } from './enums.ts';
import { AbandonReason, CancelReason } from '../../rpc/gen/seconde/v1/deposit_pb.ts';

/**
 * An in-memory deposit back end for machine tests: the same calls, the same shared rules and the
 * same error shapes (`{"code": REASON}` messages, ABORTED on a stale row_version) as the server.
 */
export interface FakeBackend {
  readonly clients: ClientFactory;
  deposit: Deposit;
  products: Product[];
  adminNotes: string;
  /** The deposit's vendor is self-employed: a professional, whose receptions need the document. */
  selfEmployed: boolean;
  /** Filters headers the product list received, decoded. */
  readonly filtersSeen: Record<string, unknown>[];
}

const refuse = (code: Code, reason: string) =>
  new ConnectError(JSON.stringify({ code: reason, message: reason }), code);

function filtersOf(ctx: HandlerContext): Record<string, unknown> {
  const header = ctx.requestHeader.get('filters');
  return header ? (JSON.parse(decodeURIComponent(header)) as Record<string, unknown>) : {};
}

export function fakeBackend(deposit: Partial<Deposit>, saleStatuses: SaleStatus[]): FakeBackend {
  const state: Omit<FakeBackend, 'clients'> = {
    deposit: Object.assign(
      create(DepositSchema, { uuid: 'd-1', name: 'Dépôt Martin', rowVersion: 1 }),
      deposit,
    ),
    products: saleStatuses.map((s, i) =>
      create(ProductSchema, {
        uuid: `p-${i}`,
        deposit: deposit.uuid ?? 'd-1',
        reference: `R${i}`,
        name: `Article ${i}`,
        saleStatus: saleStatusValue(s),
      }),
    ),
    adminNotes: '',
    selfEmployed: false,
    filtersSeen: [],
  };
  const counts = () =>
    countSaleStatuses(state.products.map((p) => saleStatusOf(p.saleStatus)!).filter(Boolean));
  const transport = createRouterTransport(
    (router) => {
      router.service(DepositService, {
        retrieve: ({ uuid }) => {
          if (uuid !== state.deposit.uuid) throw refuse(Code.NotFound, 'NOT_FOUND');
          return state.deposit;
        },
        partialUpdate: ({ deposit, updateMask }) => {
          if (!deposit || deposit.uuid !== state.deposit.uuid)
            throw refuse(Code.NotFound, 'NOT_FOUND');
          if (deposit.rowVersion !== state.deposit.rowVersion)
            throw refuse(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE');
          const paths = updateMask?.paths ?? [];
          if (paths.includes('status')) {
            const verdict = checkStatusChange({
              from: depositStatusOf(state.deposit.status)!,
              to: depositStatusOf(deposit.status)!,
              products: counts(),
              reason:
                labelOf(AbandonReason, deposit.abandonReason) ||
                labelOf(CancelReason, deposit.cancelReason) ||
                undefined,
              idDocumentMissing:
                receptionNeedsIdDocument(
                  { company: '', isSelfEmployed: state.selfEmployed },
                  Boolean(state.deposit.customer),
                ) &&
                !isIdDocumentComplete({
                  type: paths.includes('reception_id_document_type')
                    ? deposit.receptionIdDocumentType
                    : state.deposit.receptionIdDocumentType,
                  number: paths.includes('reception_id_document_number')
                    ? deposit.receptionIdDocumentNumber
                    : state.deposit.receptionIdDocumentNumber,
                  authority: paths.includes('reception_id_document_authority')
                    ? deposit.receptionIdDocumentAuthority
                    : state.deposit.receptionIdDocumentAuthority,
                  date: paths.includes('reception_id_document_date')
                    ? deposit.receptionIdDocumentDate
                    : state.deposit.receptionIdDocumentDate,
                }),
            });
            if (!verdict.ok) throw refuse(Code.FailedPrecondition, verdict.code);
          }
          const next: Deposit = { ...state.deposit };
          for (const path of paths) {
            const key = path.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
            (next as unknown as Record<string, unknown>)[key] = (
              deposit as unknown as Record<string, unknown>
            )[key];
          }
          next.rowVersion = state.deposit.rowVersion + 1;
          state.deposit = next;
          return next;
        },
        changeSaleStatusForAllProducts: ({ uuid, saleStatus }) => {
          if (uuid !== state.deposit.uuid) throw refuse(Code.NotFound, 'NOT_FOUND');
          const to = saleStatusOf(saleStatus)!;
          const outcome = checkBulkSaleStatus(depositStatusOf(state.deposit.status)!, to, counts());
          if (!outcome.verdict.ok) throw refuse(Code.FailedPrecondition, outcome.verdict.code);
          for (const p of state.products)
            if (saleStatusOf(p.saleStatus) !== 'FACTURED') p.saleStatus = saleStatus;
          return create(ChangeSaleStatusForAllProductsResponseSchema, {
            success: true,
            updatedCount: outcome.updated,
            skippedCount: outcome.skipped,
          });
        },
        getAdminOnly: ({ uuid }) =>
          create(DepositAdminOnlySchema, {
            uuid,
            adminNotes: state.adminNotes,
            qualificationStatus: QualificationStatus.ACTION_REQUIRED,
          }),
        updateAdminOnly: (req) => {
          state.adminNotes = req.adminNotes;
          return create(DepositAdminOnlySchema, {
            uuid: req.uuid,
            adminNotes: req.adminNotes,
            qualificationStatus: req.qualificationStatus,
          });
        },
      });
      router.service(VendorService, {
        retrieve: ({ uuid }) => create(VendorSchema, { uuid, isSelfEmployed: state.selfEmployed }),
      });
      router.service(ProductService, {
        list: ({ pagination }, ctx) => {
          const filters = filtersOf(ctx);
          state.filtersSeen.push(filters);
          const matching = state.products.filter(
            (p) =>
              (filters.deposit === undefined || p.deposit === filters.deposit) &&
              (filters.sale_status === undefined ||
                saleStatusOf(p.saleStatus) === filters.sale_status),
          );
          const size = pagination?.pageSize || 25;
          const page = pagination?.page || 1;
          return create(ListProductsResponseSchema, {
            results: matching.slice((page - 1) * size, page * size),
            count: matching.length,
          });
        },
      });
    },
    { transport: { interceptors: appInterceptors(() => 'token') } },
  );
  const backend = state as FakeBackend;
  Object.assign(backend, {
    clients: createClientFactory({ main: transport, notification: transport }),
  });
  return backend;
}
