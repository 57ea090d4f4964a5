import { readFile } from 'node:fs/promises';
import { Code, ConnectError } from '@connectrpc/connect';
import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyService } from '../../src/rpc/gen/seconde/v1/company_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyUuid: string;
const companies = (who: DemoUser) => t.client(CompanyService, who);

/** A real one-page PDF, as a registry's extract would be. */
function kbisPdf(): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.text('Extrait Kbis — Les Fripes du Canal — RCS Paris 732 829 320');
    doc.end();
  });
}

async function storedKey(): Promise<string> {
  const { rows } = await sql<{ proof_registration: string | null }>`
    select proof_registration from company where uuid = ${companyUuid}`.execute(t.server.db);
  return rows[0]!.proof_registration ?? '';
}

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 0 }, ['vendor', 'company', 'admin', 'customer']);
  const records = await t.demoRecords();
  vendorUuid = records.vendorUuid;
  const { rows } = await sql<{ company: string }>`
    select company from vendor where uuid = ${records.companyVendorUuid}`.execute(t.server.db);
  companyUuid = rows[0]!.company;
});

afterAll(async () => {
  await t.close();
});

describe('proof of registration', () => {
  it('lets the administrator upload a PDF and download the same bytes', async () => {
    const before = await companies('company').retrieve({ uuid: companyUuid });
    const pdf = await kbisPdf();
    const saved = await companies('company').uploadProofOfRegistration({
      company: companyUuid,
      data: pdf,
      contentType: 'application/pdf',
      filename: 'kbis.pdf',
    });
    expect(saved.proofRegistration).toMatch(
      new RegExp(`^companies/${companyUuid}/proof-[0-9a-f]{64}\\.pdf$`),
    );
    expect(saved.rowVersion).toBe(before.rowVersion + 1);
    expect(saved.title).toBe(before.title);

    const file = await companies('company').downloadProofOfRegistration({ company: companyUuid });
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toMatch(/\.pdf$/);
    expect(Buffer.from(file.data).equals(Buffer.from(pdf))).toBe(true);
  });

  it('takes a PNG whatever type the browser declares, and staff download it', async () => {
    const png = new Uint8Array(await readFile('tests/fixtures/images/photo.png'));
    const saved = await companies('company').uploadProofOfRegistration({
      company: companyUuid,
      data: png,
      contentType: 'application/octet-stream',
      filename: 'scan',
    });
    expect(saved.proofRegistration).toMatch(/\.png$/);
    const file = await companies('admin').downloadProofOfRegistration({ company: companyUuid });
    expect(file.contentType).toBe('image/png');
    expect(Buffer.from(file.data).equals(Buffer.from(png))).toBe(true);
  });

  it('refuses a text file renamed .pdf, and an empty one, and keeps the stored proof', async () => {
    const key = await storedKey();
    const text = new TextEncoder().encode('Ceci est un Kbis, promis.\n');
    const call = companies('company').uploadProofOfRegistration({
      company: companyUuid,
      data: text,
      contentType: 'application/pdf',
      filename: 'kbis.pdf',
    });
    expect(await refusalOf(call)).toEqual({
      code: Code.InvalidArgument,
      reason: 'PROOF_FILE_TYPE',
    });
    // The refusal names the field the form shows it on.
    const error = await companies('company')
      .uploadProofOfRegistration({ company: companyUuid, data: text })
      .catch((e: unknown) => ConnectError.from(e));
    expect(JSON.parse((error as ConnectError).rawMessage)).toMatchObject({ field: 'data' });
    expect(
      await refusalOf(
        companies('company').uploadProofOfRegistration({
          company: companyUuid,
          data: new Uint8Array(0),
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'PROOF_FILE_SIZE' });
    expect(await storedKey()).toBe(key);
  });

  it('refuses another vendor both calls, and a member who is not the administrator the upload', async () => {
    const pdf = await kbisPdf();
    const upload = () =>
      companies('vendor').uploadProofOfRegistration({ company: companyUuid, data: pdf });
    const download = () =>
      companies('vendor').downloadProofOfRegistration({ company: companyUuid });
    const key = await storedKey();
    expect(await refusalOf(upload())).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(await refusalOf(download())).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });

    await sql`update vendor set company = ${companyUuid}, is_company_admin = false
      where uuid = ${vendorUuid}`.execute(t.server.db);
    try {
      expect(await refusalOf(upload())).toEqual({
        code: Code.PermissionDenied,
        reason: 'FORBIDDEN',
      });
      const file = await download();
      expect(file.contentType).toBe('image/png');
    } finally {
      await sql`update vendor set company = null where uuid = ${vendorUuid}`.execute(t.server.db);
    }
    expect(await storedKey()).toBe(key);
  });

  it('is not served on /media, under its key or as a photo key of its content', async () => {
    const key = await storedKey();
    const sha = /proof-([0-9a-f]{64})\./.exec(key)![1]!;
    for (const path of [`/media/${key}`, `/media/${sha.slice(0, 2)}/${sha}.png`]) {
      const response = await fetch(new URL(path, t.server.url));
      expect(response.status, path).toBe(404);
    }
  });
});
