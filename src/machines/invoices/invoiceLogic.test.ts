import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  InvoiceCategory,
  InvoiceSchema,
  InvoiceService,
  InvoiceStatus,
} from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { appInterceptors } from '../../rpc/transport.ts';
import {
  INVOICE_ORDERING,
  INVOICE_SORTABLE,
  LISTED_CATEGORIES,
  downloadUrlOf,
  invoiceLine,
  invoicesLogic,
} from './invoiceLogic.ts';

describe('invoice lines', () => {
  it('name the parties as issued and the category and status by label', () => {
    const line = invoiceLine(
      create(InvoiceSchema, {
        uuid: 'i1',
        fullInvoiceNumber: 'FA-2025-0001',
        totalPrice: 86.4,
        category: InvoiceCategory.DEPOSIT_CUSTOMER,
        invoiceStatus: InvoiceStatus.NOT_PAYED,
        vendorParty: { firstName: 'Valérie', lastName: 'Vendeuse' },
        customerParty: { email: 'clara@example.fr' },
      }),
    );
    expect(line).toMatchObject({
      number: 'FA-2025-0001',
      total: 86.4,
      category: 'DEPOSIT_CUSTOMER',
      status: 'NOT_PAYED',
      vendorName: 'Valérie Vendeuse',
      customerName: 'clara@example.fr',
      downloadUrl: null,
    });
  });

  it('offer a download only for a file that exists at an https address', () => {
    const url = 'https://pay.example/invoice.pdf';
    expect(downloadUrlOf(create(InvoiceSchema, { paymentProviderPdfUrl: url }))).toBe(url);
    expect(downloadUrlOf(create(InvoiceSchema, { pdfFile: 'ab/cd.pdf' }))).toBeNull();
    expect(
      downloadUrlOf(create(InvoiceSchema, { paymentProviderPdfUrl: 'javascript:alert(1)' })),
    ).toBeNull();
    // The sandbox of a local install serves its pages over http on this machine only.
    const local = 'http://127.0.0.1:8080/_sandbox/stripe/invoice/SBX-0001/pdf';
    expect(downloadUrlOf(create(InvoiceSchema, { paymentProviderPdfUrl: local }))).toBe(local);
    expect(
      downloadUrlOf(create(InvoiceSchema, { paymentProviderPdfUrl: 'http://pay.example/a.pdf' })),
    ).toBeNull();
  });

  it('leave product-sale invoices out of the list', () => {
    expect(LISTED_CATEGORIES).toContain('MONTHLY_VENDOR');
    expect(LISTED_CATEGORIES).not.toContain('PRODUCT_SELL');
    expect(LISTED_CATEGORIES).toHaveLength(8);
  });
});

describe('invoicesLogic', () => {
  it('asks for the listed categories, the chosen status and the ordering', async () => {
    const seen: { filters: unknown; ordering: string }[] = [];
    const transport = createRouterTransport(
      (router) =>
        router.service(InvoiceService, {
          list: (request, ctx) => {
            seen.push({
              filters: JSON.parse(decodeURIComponent(ctx.requestHeader.get('filters') ?? '{}')),
              ordering: request.ordering,
            });
            return { results: [create(InvoiceSchema, { uuid: 'i1' })], count: 1 };
          },
        }),
      { transport: { interceptors: appInterceptors(() => 'token') } },
    );
    const clients = createClientFactory({ main: transport, notification: transport });
    const actor = createActor(invoicesLogic(clients), {
      input: {
        filters: { status: 'PAYED' },
        ordering: INVOICE_ORDERING,
        sortable: INVOICE_SORTABLE,
      },
    }).start();
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.rows.map((r) => r.uuid)).toEqual(['i1']);
    expect(seen).toEqual([
      {
        filters: { category: LISTED_CATEGORIES, invoice_status: 'PAYED' },
        ordering: '-created_at',
      },
    ]);
    actor.stop();
  });
});
