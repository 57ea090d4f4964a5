import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { createClientFactory } from '../../rpc/clients.ts';
import { ProductFamilySchema } from '../../rpc/gen/seconde/v1/category_pb.ts';
import {
  ContactWaySchema,
  DepositSchema,
  DepositService,
  DepositStatus,
  DepositStatusSchema,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceCategorySchema, InvoiceStatusSchema } from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { MailKindSchema } from '../../rpc/gen/seconde/v1/outbox_mail_pb.ts';
import {
  ProductSchema,
  ProductService,
  SaleStatus,
  SaleStatusSchema,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import { VendorAvailabilitySchema } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import type { DescEnum } from '@bufbuild/protobuf';
import { filtersInterceptor } from '../../rpc/interceptors/filters.ts';
import { labelKey } from './labels.ts';
import { dressingLogic } from './peopleLists.ts';

const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const D1 = '00000000-0000-4000-8000-0000000000d1';
const D2 = '00000000-0000-4000-8000-0000000000d2';

/** Deposits filtered by customer and products filtered by deposit, as the filters header says. */
function server() {
  const seen: Array<{
    method: string;
    filters: string | null;
    deposit?: string;
    customer?: string;
  }> = [];
  const transport = createRouterTransport(
    ({ service }) => {
      service(DepositService, {
        list: (req, ctx) => {
          seen.push({
            method: 'deposits',
            filters: ctx.requestHeader.get('filters'),
            customer: req.customer,
          });
          return {
            count: 2,
            results: [
              create(DepositSchema, {
                uuid: D1,
                name: 'Hiver',
                status: DepositStatus.INLINE,
                customer: CUSTOMER,
              }),
              create(DepositSchema, {
                uuid: D2,
                name: 'Été',
                status: DepositStatus.RECEIVED,
                customer: CUSTOMER,
              }),
            ],
          };
        },
      });
      service(ProductService, {
        list: (req, ctx) => {
          seen.push({
            method: 'products',
            filters: ctx.requestHeader.get('filters'),
            deposit: req.deposit,
          });
          return {
            count: 1,
            results: [
              create(ProductSchema, {
                uuid: 'p1',
                deposit: req.deposit,
                reference: 'REF-1',
                name: 'Manteau',
                saleStatus: SaleStatus.ONLINE,
                suggestedPrice: 40,
              }),
            ],
          };
        },
      });
    },
    // The app's filters interceptor, so the header is what the real transport sends.
    { transport: { interceptors: [filtersInterceptor()] } },
  );
  return { clients: createClientFactory({ main: transport, notification: transport }), seen };
}

describe('dressing machine over the contract', () => {
  it('opens a deposit asked for before the list arrived, with its items', async () => {
    const { clients, seen } = server();
    const actor = createActor(dressingLogic(clients, { customer: CUSTOMER })).start();
    actor.send({ type: 'dressing.open', uuid: D1 });
    await waitFor(actor, (s) => s.matches({ ready: 'showing' }));
    expect(actor.getSnapshot().context.deposits.map((d) => [d.name, d.status])).toEqual([
      ['Hiver', 'INLINE'],
      ['Été', 'RECEIVED'],
    ]);
    expect(actor.getSnapshot().context.products).toEqual([
      {
        uuid: 'p1',
        reference: 'REF-1',
        name: 'Manteau',
        saleStatus: 'ONLINE',
        suggestedPrice: 40,
        selledPrice: null,
        imageUrl: '',
      },
    ]);
    expect(seen).toEqual([
      {
        method: 'deposits',
        filters: encodeURIComponent(JSON.stringify({ customer: CUSTOMER })),
        customer: CUSTOMER,
      },
      {
        method: 'products',
        filters: encodeURIComponent(JSON.stringify({ deposit: D1 })),
        deposit: D1,
      },
    ]);
    actor.send({ type: 'dressing.close' });
    expect(actor.getSnapshot().matches({ ready: 'list' })).toBe(true);
    expect(actor.getSnapshot().context.products).toEqual([]);
  });

  it('says so when the route names a deposit outside the dressing', async () => {
    const { clients } = server();
    const actor = createActor(dressingLogic(clients, { customer: CUSTOMER })).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'dressing.open', uuid: 'someone-else' });
    expect(actor.getSnapshot().hasTag('missing')).toBe(true);
  });
});

describe('enum texts', () => {
  const cases: Array<[string, DescEnum]> = [
    ['peopleEnum.depositStatus', DepositStatusSchema],
    ['peopleEnum.family', ProductFamilySchema],
    ['peopleEnum.saleStatus', SaleStatusSchema],
    ['peopleEnum.invoiceCategory', InvoiceCategorySchema],
    ['peopleEnum.invoiceStatus', InvoiceStatusSchema],
    ['peopleEnum.contactWay', ContactWaySchema],
    ['peopleEnum.availability', VendorAvailabilitySchema],
    ['outbox.kind', MailKindSchema],
  ];
  it.each(cases)('every value of %s has a text in both languages', (prefix, desc) => {
    const labels = [null, ...desc.values.filter((v) => v.number !== 0).map((v) => v.localName)];
    for (const label of labels) {
      const [area, item] = labelKey(prefix, label).split('.') as [string, string];
      expect(
        (fr as Record<string, Record<string, string>>)[area]?.[item],
        `${prefix} ${label}`,
      ).toBeTruthy();
      expect(
        (en as Record<string, Record<string, string>>)[area]?.[item],
        `${prefix} ${label}`,
      ).toBeTruthy();
    }
  });
});
