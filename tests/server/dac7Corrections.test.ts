import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dac7Service } from '../../src/rpc/gen/seconde/v1/dac7_pb.ts';
import { dac7RefusalKey } from '../../src/machines/dac7/dac7Reasons.ts';
import { en } from '../../src/i18n/en.ts';
import { fr } from '../../src/i18n/fr.ts';
import { newVendor, sell, times, validate } from '../helpers/dac7Sales.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const YEAR = 2024;

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({}, ['admin', 'vendor', 'customer']);
});

afterAll(async () => {
  await t?.close();
});

const dac7 = (who: 'vendor' | 'admin' | 'customer' = 'admin') => t.client(Dac7Service, who);
const text = (xml: Uint8Array) => new TextDecoder().decode(xml);
/** Each `<prefix:Tag>` value of the XML, in order. */
const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<(?:dpi|stf):${tag}[^>]*>([^<]*)</(?:dpi|stf):${tag}>`, 'g'))].map(
    (m) => m[1]!,
  );
/** The DocSpecs of the file, in order: [DocTypeIndic, DocRefId, CorrDocRefId?]. */
const docSpecs = (xml: string) =>
  [...xml.matchAll(/<dpi:DocSpec>([\s\S]*?)<\/dpi:DocSpec>/g)].map((m) => ({
    type: values(m[1]!, 'DocTypeIndic')[0],
    ref: values(m[1]!, 'DocRefId')[0],
    corr: values(m[1]!, 'CorrDocRefId')[0],
  }));
/** The text a refusal shows, in both languages. */
function shown(reason: string): [string, string] {
  const key = dac7RefusalKey({ code: 'failed_precondition', reason } as never).split('.');
  const at = (tr: object) => key.reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], tr);
  return [at(fr) as string, at(en) as string];
}

describe('DAC7 correction files', () => {
  let lea: string;
  let marc: string;
  let report: string;
  let messageRefId: string;
  let original: Map<string, string>;

  beforeAll(async () => {
    const db = t.server.db;
    lea = await newVendor(db, {
      tin: '1234567890123',
      birth: '1980-02-03',
      iban: 'FR7630006000011234567890189',
    });
    marc = await newVendor(db, {
      tin: '2234567890123',
      birth: '1975-12-24',
      iban: 'DE89370400440532013000',
    });
    await sell(db, lea, times(30, { price: 10, at: `${YEAR}-02-01T10:00:00Z` }));
    await sell(db, marc, times(31, { price: 12, at: `${YEAR}-05-01T10:00:00Z` }));
  });

  it('keeps each file built with its MessageRefId and every seller’s DocRefId', async () => {
    const file = await dac7().buildReport({ year: YEAR });
    const xml = text(file.data);
    const specs = docSpecs(xml);
    const { reports } = await dac7().listFiledReports({ year: YEAR });
    expect(reports).toHaveLength(1);
    const filed = reports[0]!;
    expect(filed).toMatchObject({
      messageRefId: file.messageRefId,
      messageTypeIndic: 'DPI401',
      year: YEAR,
      correctsMessageRefId: '',
    });
    expect(filed.filedAt).toBeDefined();
    expect(filed.sellers.map((s) => s.key)).toEqual([`vendor:${lea}`, `vendor:${marc}`]);
    // The DocRefIds kept are the file's, seller by seller.
    expect(filed.sellers.map((s) => s.docRefId)).toEqual(specs.slice(1).map((s) => s.ref));
    expect(filed.sellers.every((s) => !s.changed && s.reportable)).toBe(true);
    report = filed.uuid;
    messageRefId = file.messageRefId;
    original = new Map(filed.sellers.map((s) => [s.key, s.docRefId]));
  });

  it('corrects one seller and deletes another, naming the DocRefIds kept (schema-valid)', async () => {
    // Léa's account changed and a sale was found: her entry must be corrected.
    await sql`update vendor set iban = 'FR1420041010050500013M02606' where uuid = ${lea}`.execute(
      t.server.db,
    );
    await sell(t.server.db, lea, [{ price: 40, at: `${YEAR}-09-01T10:00:00Z` }]);
    const before = (await dac7().listFiledReports({ year: YEAR })).reports[0]!;
    expect(before.sellers.find((s) => s.key === `vendor:${lea}`)?.changed).toBe(true);
    expect(before.sellers.find((s) => s.key === `vendor:${marc}`)?.changed).toBe(false);

    const file = await dac7().buildCorrection({
      report,
      corrected: [`vendor:${lea}`],
      deleted: [`vendor:${marc}`],
    });
    const xml = text(file.data);
    expect(await validate(xml)).toContain('validates');
    expect(values(xml, 'MessageTypeIndic')).toEqual(['DPI402']);
    expect(file.messageRefId).toMatch(new RegExp(`^FR${YEAR}FR[0-9a-f-]{36}$`));
    expect(file.messageRefId).not.toBe(messageRefId);
    expect(values(xml, 'MessageRefId')).toEqual([file.messageRefId]);
    // The schema says CorrMessageRefId must not be used.
    expect(xml).not.toContain('CorrMessageRefId');
    const [operator, corrected, deleted] = docSpecs(xml);
    expect(operator).toEqual({ type: 'OECD0', ref: `${file.messageRefId}-PO`, corr: undefined });
    expect(corrected).toMatchObject({ type: 'OECD2', corr: original.get(`vendor:${lea}`) });
    expect(deleted).toMatchObject({ type: 'OECD3', corr: original.get(`vendor:${marc}`) });
    // New, unique DocRefIds.
    expect(new Set([...original.values(), corrected!.ref, deleted!.ref]).size).toBe(4);
    // Léa sent whole with her data of now; Marc as the file said him.
    expect(values(xml, 'Identifier')).toEqual([
      'FR1420041010050500013M02606',
      'DE89370400440532013000',
    ]);
    expect(values(xml, 'NumbQ3')).toEqual(['1', '0']);
    expect(file.sellerCount).toBe(2);

    const { reports } = await dac7().listFiledReports({ year: YEAR });
    expect(reports.map((r) => r.messageRefId)).toEqual([file.messageRefId, messageRefId]);
    expect(reports[0]).toMatchObject({
      messageTypeIndic: 'DPI402',
      correctsMessageRefId: messageRefId,
    });
    // The report now stands as Léa's correction alone: Marc was deleted.
    expect(reports[1]!.sellers.map((s) => [s.key, s.docRefId, s.changed])).toEqual([
      [`vendor:${lea}`, corrected!.ref, false],
    ]);
  });

  it('names the first correction’s DocRefId in a second one, from either message', async () => {
    const { reports } = await dac7().listFiledReports({ year: YEAR });
    const latest = reports[1]!.sellers[0]!.docRefId;
    // Picking the correction itself corrects the report it belongs to.
    const file = await dac7().buildCorrection({
      report: reports[0]!.uuid,
      corrected: [`vendor:${lea}`],
    });
    const xml = text(file.data);
    expect(await validate(xml)).toContain('validates');
    expect(docSpecs(xml)[1]).toMatchObject({ type: 'OECD2', corr: latest });
  });

  it('refuses a seller the report does not hold, or no longer holds, with a translated reason', async () => {
    const stranger = await newVendor(t.server.db, {});
    for (const request of [
      { report, corrected: [`vendor:${stranger}`] },
      // Marc was deleted by the first correction.
      { report, deleted: [`vendor:${marc}`] },
      { report, corrected: ['company:00000000-0000-4000-8000-000000000000'] },
    ])
      expect(await refusalOf(dac7().buildCorrection(request))).toEqual({
        code: Code.FailedPrecondition,
        reason: 'DAC7_SELLER_NOT_IN_REPORT',
      });
    const [inFrench, inEnglish] = shown('DAC7_SELLER_NOT_IN_REPORT');
    expect(inFrench).toContain("n'est pas dans cette déclaration");
    expect(inEnglish).toContain('is not in this report');
    expect(await refusalOf(dac7().buildCorrection({ report }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'DAC7_NOTHING_TO_CORRECT',
    });
    expect(shown('DAC7_NOTHING_TO_CORRECT').every(Boolean)).toBe(true);
    // Nothing kept for a refused correction.
    expect((await dac7().listFiledReports({ year: YEAR })).reports).toHaveLength(3);
  });

  it('refuses a correction that cannot be sent whole', async () => {
    await sql`update vendor set tax_identification_number = null where uuid = ${lea}`.execute(
      t.server.db,
    );
    expect(
      await refusalOf(dac7().buildCorrection({ report, corrected: [`vendor:${lea}`] })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'DAC7_DATA_MISSING' });
    await sql`update vendor set tax_identification_number = '1234567890123' where uuid = ${lea}`.execute(
      t.server.db,
    );
    // Her sales taken back: no longer reportable, so she can be deleted but not corrected.
    await sql`
      update product set sale_status = 'ONLINE'
      where deposit in (select uuid from deposit where vendor = ${lea})`.execute(t.server.db);
    expect(
      await refusalOf(dac7().buildCorrection({ report, corrected: [`vendor:${lea}`] })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'DAC7_SELLER_NOT_REPORTABLE' });
    expect(shown('DAC7_SELLER_NOT_REPORTABLE').every(Boolean)).toBe(true);
    const file = await dac7().buildCorrection({ report, deleted: [`vendor:${lea}`] });
    expect(await validate(text(file.data))).toContain('validates');
  });

  it('refuses an unknown report, and anyone but staff', async () => {
    expect(
      await refusalOf(
        dac7().buildCorrection({
          report: '00000000-0000-4000-8000-000000000000',
          corrected: [`vendor:${lea}`],
        }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
    for (const who of ['vendor', 'customer'] as const) {
      expect((await refusalOf(dac7(who).listFiledReports({ year: YEAR }))).code).toBe(
        Code.PermissionDenied,
      );
      expect(
        (await refusalOf(dac7(who).buildCorrection({ report, corrected: [`vendor:${lea}`] }))).code,
      ).toBe(Code.PermissionDenied);
    }
  });
});
