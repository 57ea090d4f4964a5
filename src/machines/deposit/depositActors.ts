import { create } from '@bufbuild/protobuf';
import type { Client } from '@connectrpc/connect';
import { fromPromise } from 'xstate';
import { SALE_STATUSES, type SaleStatusCounts } from '../../domain/deposit/statuses.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  AbandonReason,
  CancelReason,
  DepositSchema,
  DepositService,
  QualificationStatus,
  type Deposit,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { today } from '../../domain/dates.ts';
import {
  receptionNeedsIdDocument,
  trimIdDocument,
} from '../../domain/policeRegister/idDocument.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import type {
  AdminOnlyData,
  BulkInput,
  BulkOutput,
  ChangeStatusInput,
  LoadedDeposit,
  MovedDeposit,
} from './depositTypes.ts';
import { depositStatusValue, labelOf, saleStatusValue, valueOf } from './enums.ts';

/**
 * How many products of a deposit are in each sale status: one count-only list call per status
 * (page size 1, the answer's `count`), so a deposit of any size is counted exactly.
 */
export async function countSaleStatuses(
  products: Client<typeof ProductService>,
  deposit: string,
  signal?: AbortSignal,
): Promise<SaleStatusCounts> {
  const counts = await Promise.all(
    SALE_STATUSES.map(async (status) => {
      const { count } = await products.list(
        { pagination: { page: 1, pageSize: 1 } },
        withFilters({ deposit, sale_status: status }, { signal }),
      );
      return [status, count] as const;
    }),
  );
  return Object.fromEntries(counts.filter(([, n]) => n > 0));
}

/** The real actors of the deposit machine, over the app's clients. */
export function createDepositActors(clients: ClientFactory) {
  const deposits = clients.get(DepositService);
  const products = clients.get(ProductService);
  const vendors = clients.get(VendorService);

  /**
   * Does its reception need the identity document? The vendor's standing, read only when the
   * deposit has a depositor; unreadable, the page does not ask and the server stays the judge.
   */
  const needsIdDocument = async (deposit: Deposit, signal: AbortSignal) => {
    if (!deposit.customer || !deposit.vendor) return false;
    const vendor = await vendors.retrieve({ uuid: deposit.vendor }, { signal }).catch(() => null);
    return receptionNeedsIdDocument(vendor, true);
  };

  const load = async (uuid: string, withAdmin: boolean, signal: AbortSignal) => {
    const [deposit, counts, admin] = await Promise.all([
      deposits.retrieve({ uuid }, { signal }),
      countSaleStatuses(products, uuid, signal),
      withAdmin ? deposits.getAdminOnly({ uuid }, { signal }) : Promise.resolve(null),
    ]);
    const adminOnly: AdminOnlyData | null = admin && {
      adminNotes: admin.adminNotes,
      qualification: labelOf(QualificationStatus, admin.qualificationStatus),
    };
    return {
      deposit,
      counts,
      adminOnly,
      idDocumentRequired: await needsIdDocument(deposit, signal),
      today: today(new Date()),
    } satisfies LoadedDeposit;
  };

  return {
    loadDeposit: fromPromise<LoadedDeposit, { uuid: string; withAdmin: boolean }>(
      ({ input, signal }) => load(input.uuid, input.withAdmin, signal),
    ),
    changeStatus: fromPromise<MovedDeposit, ChangeStatusInput>(async ({ input, signal }) => {
      const { deposit, change } = input;
      const patch = create(DepositSchema, {
        uuid: deposit.uuid,
        rowVersion: deposit.rowVersion,
        status: depositStatusValue(change.to),
      });
      const paths = ['status'];
      // The reason fields go with their move only, so a move never clears another one's reason.
      if (change.to === 'ABANDONED') {
        patch.abandonReason = valueOf(AbandonReason, change.reason);
        patch.abandonReasonComment = change.comment;
        paths.push('abandon_reason', 'abandon_reason_comment');
      } else if (change.to === 'CANCELED') {
        patch.cancelReason = valueOf(CancelReason, change.reason);
        paths.push('cancel_reason');
      } else if (change.idDocument) {
        // Written with the move, in its transaction: the register's entries read them.
        const doc = trimIdDocument(change.idDocument);
        patch.receptionIdDocumentType = doc.type;
        patch.receptionIdDocumentNumber = doc.number;
        patch.receptionIdDocumentAuthority = doc.authority;
        patch.receptionIdDocumentDate = doc.date;
        paths.push(
          'reception_id_document_type',
          'reception_id_document_number',
          'reception_id_document_authority',
          'reception_id_document_date',
        );
      }
      const moved = await deposits.partialUpdate(
        { deposit: patch, updateMask: { paths } },
        { signal },
      );
      // A restitution takes products offline: count them again as they are now.
      return { deposit: moved, counts: await countSaleStatuses(products, deposit.uuid, signal) };
    }),
    changeSaleStatus: fromPromise<BulkOutput, BulkInput>(async ({ input, signal }) => {
      const answer = await deposits.changeSaleStatusForAllProducts(
        { uuid: input.uuid, saleStatus: saleStatusValue(input.to) },
        { signal },
      );
      const counts = await countSaleStatuses(products, input.uuid, signal);
      return { updated: answer.updatedCount, skipped: answer.skippedCount, counts };
    }),
    saveDeposit: fromPromise<Deposit, { deposit: Deposit; mask: string[] }>(({ input, signal }) =>
      deposits.partialUpdate(
        { deposit: input.deposit, updateMask: { paths: input.mask } },
        { signal },
      ),
    ),
    saveAdminOnly: fromPromise<AdminOnlyData, { uuid: string; data: AdminOnlyData }>(
      async ({ input, signal }) => {
        const saved = await deposits.updateAdminOnly(
          {
            uuid: input.uuid,
            adminNotes: input.data.adminNotes,
            qualificationStatus: valueOf(QualificationStatus, input.data.qualification),
          },
          { signal },
        );
        return {
          adminNotes: saved.adminNotes,
          qualification: labelOf(QualificationStatus, saved.qualificationStatus),
        };
      },
    ),
  };
}
