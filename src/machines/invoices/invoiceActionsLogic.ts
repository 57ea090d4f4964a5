import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { InvoiceService, InvoiceStatus } from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { downloadBlob } from '../export/exportActors.ts';
import type { SaveFileInput } from '../export/exportTypes.ts';
import {
  generateInvoicesMachine,
  type GenerateInput,
  type PartyOption,
  type PartyOptions,
} from './generateInvoicesMachine.ts';
import { invoiceActionsMachine, type StatusTarget } from './invoiceActionsMachine.ts';
import { periodInstants } from './invoicePeriods.ts';

/** The parties a generation may be restricted to, alphabetical; the first page of each is enough. */
export const PARTY_PAGE_SIZE = 500;

const nameOf = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;
const option = (p: { uuid: string; firstName: string; lastName: string; email: string }) =>
  ({ uuid: p.uuid, label: nameOf(p) }) satisfies PartyOption;

/** The "Generate invoices" dialog over InvoiceService.GenerateInvoices. */
export function generateInvoicesLogic(clients: ClientFactory) {
  const invoices = clients.get(InvoiceService);
  const customers = clients.get(CustomerService);
  const vendors = clients.get(VendorService);
  const page = {
    pagination: { page: 1, pageSize: PARTY_PAGE_SIZE },
    ordering: 'last_name,first_name',
  };
  return generateInvoicesMachine.provide({
    actors: {
      loadParties: fromPromise<PartyOptions, { isStaff: boolean }>(async ({ input, signal }) => {
        const [c, v] = await Promise.all([
          customers.list(page, { signal }),
          input.isStaff ? vendors.list(page, { signal }) : null,
        ]);
        return { customers: c.results.map(option), vendors: v ? v.results.map(option) : [] };
      }),
      generateInvoices: fromPromise<{ task: string; count: number }, GenerateInput>(
        async ({ input, signal }) => {
          const { start, end } = periodInstants(input);
          const answer = await invoices.generateInvoices(
            {
              startDate: timestampFromDate(start),
              endDate: timestampFromDate(end),
              ...(input.customer && { customer: input.customer }),
              ...(input.vendor && { vendor: input.vendor }),
            },
            { signal },
          );
          return { task: answer.task, count: answer.count };
        },
      ),
    },
  });
}

const STATUS: Record<StatusTarget, InvoiceStatus> = {
  PAYED: InvoiceStatus.PAYED,
  PAYEMENT_CONFIRMED: InvoiceStatus.PAYEMENT_CONFIRMED,
};

/**
 * The row actions over InvoiceService: the PDF fetched with DownloadInvoice and saved under its
 * own name (`save`, a download link by default), status changes and credit notes.
 */
export function invoiceActionsLogic(
  clients: ClientFactory,
  save: (input: SaveFileInput) => Promise<void> = downloadBlob,
) {
  const invoices = clients.get(InvoiceService);
  return invoiceActionsMachine.provide({
    actors: {
      downloadInvoice: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        const file = await invoices.downloadInvoice({ uuid: input.uuid }, { signal });
        await save({
          file: new Blob([new Uint8Array(file.data)], {
            type: file.contentType || 'application/pdf',
          }),
          fileName: file.filename || `${input.uuid}.pdf`,
        });
      }),
      updateStatus: fromPromise<void, { uuid: string; to: StatusTarget }>(
        async ({ input, signal }) => {
          await invoices.updateInvoiceStatus(
            { uuid: input.uuid, invoiceStatus: STATUS[input.to] },
            { signal },
          );
        },
      ),
      createCreditNote: fromPromise<void, { uuid: string; reason: string }>(
        async ({ input, signal }) => {
          await invoices.createCreditNote(
            { invoice: input.uuid, reason: input.reason },
            { signal },
          );
        },
      ),
    },
  });
}
