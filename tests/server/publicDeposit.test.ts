import { createHash, randomBytes } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryService, ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { BrandService } from '../../src/rpc/gen/seconde/v1/brand_pb.ts';
import { CountryService } from '../../src/rpc/gen/seconde/v1/country_pb.ts';
import { CustomerService, type CustomerSchema } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  AgeRange,
  ContactWay,
  DepositRecovery,
  DepositService,
  type DepositSchema,
  DepositStatus,
  Gamme,
  PreparationStatus,
  Season,
  SellingMode,
  TimeBeforeContact,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { OutboxMailService, MailKind } from '../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import { PublicDepositService } from '../../src/rpc/gen/seconde/v1/public_deposit_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { COUNTRIES } from '../../src/domain/countries.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';
import { hashDraftToken } from '../../server/services/publicDeposit/publicDepositService.ts';

let t: TestServer;
const newToken = () => randomBytes(32).toString('base64url');
let seq = 0;

function contact(
  overrides: MessageInitShape<typeof CustomerSchema> = {},
): MessageInitShape<typeof CustomerSchema> {
  seq += 1;
  return {
    firstName: 'Léa',
    lastName: 'Martin',
    email: `lea.martin.${seq}.${Date.now()}@exemple.fr`,
    phoneNumber: '06 12 34 56 78',
    preferedContactWay: ContactWay.PHONE_CALL,
    ...overrides,
  };
}

async function referenceUuids() {
  const categories = await t.client(CategoryService).list({ pagination: { pageSize: 5000 } });
  const brands = await t.client(BrandService).list({ pagination: { pageSize: 5000 } });
  return {
    category: categories.results.find((c) => c.family === ProductFamily.WOMAN)!.uuid,
    brand: brands.results[0]!.uuid,
  };
}

async function completeDraft(draft: Deposit, token: string): Promise<Deposit> {
  const { category, brand } = await referenceUuids();
  return t.client(DepositService).createOrUpdateDraft({
    draftToken: token,
    deposit: {
      uuid: draft.uuid,
      rowVersion: draft.rowVersion,
      timeBeforeContact: TimeBeforeContact.ONE_TO_THREE_DAYS,
      customerPreferedContactWay: ContactWay.PHONE_CALL,
      family: ProductFamily.WOMAN,
      gamme: Gamme.AVERAGE,
      seasons: [Season.WINTER, Season.AUTUMN],
      categories: [category],
      brands: [brand],
      productNumber: 25,
      ageRange: AgeRange.ADULT_25_45,
      depositPreparationStatus: PreparationStatus.SORTED_AND_SEASONED,
      depositSellingModeStatus: SellingMode.DEPOSIT_SELL,
      depositRecovery: DepositRecovery.GET_HOME,
      customerAcceptHomeTakeAway: true,
      customerAcceptSendPostal: false,
      customerPostalCode: '75011',
      description: 'Pulls et manteaux d’hiver',
    },
  });
}

beforeAll(async () => {
  t = await startTestServer({}, ['admin', 'vendor', 'customer']);
});

afterAll(async () => {
  await t?.close();
});

describe('public deposit form, anonymous', () => {
  it('starts, saves, reads back and submits a draft, and queues the confirmation mail', async () => {
    const token = newToken();
    const person = contact();
    const started = await t
      .client(PublicDepositService)
      .start({ contact: person, draftToken: token });
    expect(started.alreadyExisting).toBe(false);
    expect(started.draft?.status).toBe(DepositStatus.DRAFT);
    expect(started.draft?.isCreatedByPublicForm).toBe(true);
    expect(started.draft?.customer).toBe(started.customerUuid);

    // Start again with the same token: the same draft comes back, and the visitor may fix a typo.
    const again = await t
      .client(PublicDepositService)
      .start({ contact: { ...person, lastName: 'Martin-Durand' }, draftToken: token });
    expect(again.draft?.uuid).toBe(started.draft?.uuid);
    expect(again.alreadyExisting).toBe(false);
    const stored = await t
      .client(CustomerService, 'admin')
      .retrieve({ uuid: started.customerUuid });
    expect(stored.lastName).toBe('Martin-Durand');
    expect(stored.phoneNumber).toBe('0612345678');

    const saved = await completeDraft(again.draft!, token);
    expect(saved.productNumber).toBe(25);
    expect(saved.seasons).toEqual([Season.WINTER, Season.AUTUMN]);
    expect(saved.isOkayToSendByPost).toBe(false);

    const read = await t
      .client(DepositService)
      .getDraft({ customerUuid: started.customerUuid, draftToken: token });
    expect(read.deposit?.uuid).toBe(saved.uuid);
    expect(read.deposit?.description).toBe('Pulls et manteaux d’hiver');

    const submitted = await t
      .client(PublicDepositService)
      .submit({ customerUuid: started.customerUuid, draftToken: token });
    expect(submitted.status).toBe(DepositStatus.WAITING_FOR_VENDOR);
    expect(submitted.depositDatetime).toBeDefined();
    expect(submitted.name).toBe('Léa Martin-Durand');

    const mails = await t
      .client(OutboxMailService, 'admin', { deposit: submitted.uuid })
      .list({ pagination: { pageSize: 10 } });
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]?.kind).toBe(MailKind.DEPOSIT_CONFIRMATION);
    expect(mails.results[0]?.recipient).toBe(person.email);

    // The token no longer opens anything once the request is sent.
    const after = await t
      .client(DepositService)
      .getDraft({ customerUuid: started.customerUuid, draftToken: token });
    expect(after.deposit).toBeUndefined();
    expect(
      await refusalOf(
        t
          .client(PublicDepositService)
          .submit({ customerUuid: started.customerUuid, draftToken: token }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
  });

  it('records an address typed by hand (service down) on the sent deposit, for staff to check', async () => {
    const token = newToken();
    const started = await t.client(PublicDepositService).start({
      contact: contact({ address: '3 rue des Lilas', postalCode: '20090', city: 'Ajaccio' }),
      draftToken: token,
    });
    const complete = await completeDraft(started.draft!, token);
    expect(complete.isAddressTyped).toBe(false);
    const typed = await t.client(DepositService).createOrUpdateDraft({
      draftToken: token,
      deposit: { ...complete, customerPostalCode: '20090', isAddressTyped: true },
    });
    expect(typed.isAddressTyped).toBe(true);
    const sent = await t
      .client(PublicDepositService)
      .submit({ customerUuid: started.customerUuid, draftToken: token });
    const seen = await t.client(DepositService, 'admin').retrieve({ uuid: sent.uuid });
    expect(seen.isAddressTyped).toBe(true);
    expect(seen.customerPostalCode).toBe('20090');
    const person = await t.client(CustomerService, 'admin').retrieve({ uuid: sent.customer });
    expect(person).toMatchObject({ address: '3 rue des Lilas', city: 'Ajaccio' });
  });

  it('keys drafts by the SHA-256 digest of the token, so the stored digest opens nothing', async () => {
    const token = newToken();
    const started = await t
      .client(PublicDepositService)
      .start({ contact: contact(), draftToken: token });
    const digest = hashDraftToken(token);
    expect(digest).toBe(createHash('sha256').update(token).digest('hex'));
    expect(
      await refusalOf(
        t
          .client(DepositService)
          .getDraft({ customerUuid: started.customerUuid, draftToken: digest }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });

  it('refuses a wrong token, a missing token and a malformed one', async () => {
    const token = newToken();
    const started = await t
      .client(PublicDepositService)
      .start({ contact: contact(), draftToken: token });
    const customerUuid = started.customerUuid;
    const deposits = t.client(DepositService);
    expect(await refusalOf(deposits.getDraft({ customerUuid, draftToken: newToken() }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(await refusalOf(deposits.getDraft({ customerUuid }))).toEqual({
      code: Code.Unauthenticated,
      reason: 'UNAUTHENTICATED',
    });
    expect(
      await refusalOf(
        deposits.createOrUpdateDraft({
          draftToken: newToken(),
          deposit: { uuid: started.draft!.uuid, productNumber: 3 },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(
        t.client(PublicDepositService).submit({ customerUuid, draftToken: newToken() }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(
        t.client(PublicDepositService).start({ contact: contact(), draftToken: 'short' }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
    // A signed-in vendor is not staff: no token, no draft.
    expect(await refusalOf(t.client(DepositService, 'vendor').getDraft({ customerUuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
  });

  it('lets signed-in staff read a draft without its token', async () => {
    const token = newToken();
    const started = await t
      .client(PublicDepositService)
      .start({ contact: contact(), draftToken: token });
    const read = await t
      .client(DepositService, 'admin')
      .getDraft({ customerUuid: started.customerUuid });
    expect(read.deposit?.uuid).toBe(started.draft?.uuid);
  });

  it('recognises an existing e-mail whatever its case and leaves that customer untouched', async () => {
    const list = await t
      .client(CustomerService, 'admin', { email: 'client3@exemple.fr' })
      .list({ pagination: { pageSize: 1 } });
    const before = list.results[0]!;
    const token = newToken();
    const started = await t.client(PublicDepositService).start({
      contact: contact({
        email: 'CLIENT3@Exemple.FR',
        firstName: 'Intrus',
        phoneNumber: '0700000000',
      }),
      draftToken: token,
    });
    expect(started.alreadyExisting).toBe(true);
    expect(started.customerUuid).toBe(before.uuid);
    // Even a second call with the same token never rewrites someone else's record.
    await t.client(PublicDepositService).start({
      contact: contact({ email: 'client3@exemple.fr', firstName: 'Intrus' }),
      draftToken: token,
    });
    const after = await t.client(CustomerService, 'admin').retrieve({ uuid: before.uuid });
    expect(after.firstName).toBe(before.firstName);
    expect(after.phoneNumber).toBe(before.phoneNumber);
    expect(after.rowVersion).toBe(before.rowVersion);
  });

  it('validates every field with a clear reason', async () => {
    const start = (c: MessageInitShape<typeof CustomerSchema>) =>
      t.client(PublicDepositService).start({ contact: contact(c), draftToken: newToken() });
    for (const [bad, field] of [
      [{ firstName: ' ' }, 'firstName: required'],
      [{ email: 'not-an-email' }, 'email: invalidEmail'],
      [{ phoneNumber: '12' }, 'phoneNumber: invalidPhone'],
      [{ preferedContactWay: ContactWay.UNSPECIFIED }, 'preferedContactWay: required'],
    ] as const) {
      const error = await start(bad).then(
        () => undefined,
        (e: Error) => e.message,
      );
      expect(error, field).toContain(field);
    }
    const token = newToken();
    const started = await t
      .client(PublicDepositService)
      .start({ contact: contact(), draftToken: token });
    const save = (deposit: MessageInitShape<typeof DepositSchema>) =>
      t.client(DepositService).createOrUpdateDraft({ draftToken: token, deposit });
    expect(await refusalOf(save({ productNumber: 20_000 }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'INVALID_ARGUMENT',
    });
    // An unknown enum value breaks the contract's own rule (defined values only).
    expect(await refusalOf(save({ gamme: 99 as Gamme }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'FIELD_INVALID',
    });
    expect(await refusalOf(save({ categories: ['00000000-0000-4000-8000-000000000000'] }))).toEqual(
      { code: Code.InvalidArgument, reason: 'UNKNOWN_REFERENCE' },
    );
    // Submitting an incomplete draft names what is missing.
    const incomplete = await t
      .client(PublicDepositService)
      .submit({ customerUuid: started.customerUuid, draftToken: token })
      .then(
        () => '',
        (e: Error) => e.message,
      );
    expect(incomplete).toContain('family: required');
    expect(incomplete).toContain('depositRecovery: required');
  });

  it('refuses a second deposit of the same family on the same day', async () => {
    const person = contact();
    const first = newToken();
    const one = await t.client(PublicDepositService).start({ contact: person, draftToken: first });
    await completeDraft(one.draft!, first);
    await t
      .client(PublicDepositService)
      .submit({ customerUuid: one.customerUuid, draftToken: first });
    const second = newToken();
    const two = await t.client(PublicDepositService).start({ contact: person, draftToken: second });
    expect(two.alreadyExisting).toBe(true);
    await completeDraft(two.draft!, second);
    expect(
      await refusalOf(
        t
          .client(PublicDepositService)
          .submit({ customerUuid: two.customerUuid, draftToken: second }),
      ),
    ).toEqual({ code: Code.AlreadyExists, reason: 'CUSTOMER_FAMILY_SAME_DAY' });
  });
});

describe('reference lists for visitors', () => {
  it('lists categories and brands without sign-in, but nothing else', async () => {
    const categories = await t.client(CategoryService).list({ pagination: { pageSize: 5000 } });
    expect(categories.count).toBeGreaterThan(10);
    const brands = await t.client(BrandService).list({});
    expect(brands.count).toBeGreaterThan(10);
    expect(await refusalOf(t.client(VendorService).list({}))).toEqual({
      code: Code.Unauthenticated,
      reason: 'UNAUTHENTICATED',
    });
    expect(await refusalOf(t.client(CountryService).list({}))).toEqual({
      code: Code.Unauthenticated,
      reason: 'UNAUTHENTICATED',
    });
  });

  it('the address form’s country list matches the reference table', async () => {
    const countries = await t
      .client(CountryService, 'vendor')
      .list({ ordering: 'order', pagination: { pageSize: 100 } });
    expect(countries.results.map((c) => [c.code, c.nameFr, c.nameEn, c.flag])).toEqual(
      COUNTRIES.map((c) => [c.code, c.nameFr, c.nameEn, c.flag]),
    );
  });
});
