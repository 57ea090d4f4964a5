import { readFile } from 'node:fs/promises';
import { Code, ConnectError } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImportRunner } from '../../server/services/imports/productImportRunner.ts';
import {
  encodedRefusals,
  loadProductReferences,
} from '../../server/services/imports/sheetChecks.ts';
import type { TaskReporter } from '../../server/services/tasks/taskQueue.ts';
import { decodeIssue, sheetRefusalErrors } from '../../src/domain/sheetImport/issues.ts';
import { previewImportFile } from '../../src/domain/sheetImport/previewFile.ts';
import { MAX_SHEET_BYTES } from '../../src/domain/sheetImport/readSheet.ts';
import { acceptedRows } from '../../src/domain/sheetImport/sheet.ts';
import { TaskName } from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;

const fixture = async (name: string) =>
  new Uint8Array(await readFile(new URL(`../fixtures/sheets/${name}`, import.meta.url)));
const products = (who: 'vendor' | 'company' | 'admin' | 'customer') =>
  t.client(ProductService, who);
const csvBytes = (text: string) => new TextEncoder().encode(text);

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 20 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return (await query.execute(t.server.db)).rows[0]!.n;
}
const depositCount = () => count(sql<{ n: number }>`select count(*)::int as n from deposit`);
const taskCount = () => count(sql<{ n: number }>`select count(*)::int as n from background_task`);
const productsIn = (deposit: string) =>
  count(sql<{ n: number }>`select count(*)::int as n from product where deposit = ${deposit}`);

/** Waits for a task to end, through the queue, and answers its final status. */
async function settled(taskUuid: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const { rows } = await sql<{ status: string }>`
      select status::text as status from background_task where uuid = ${taskUuid}`.execute(
      t.server.db,
    );
    const status = rows[0]?.status;
    if (status === 'COMPLETED' || status === 'ERROR') return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`task ${taskUuid} did not end`);
}

/** The fixture's preview with the server's own reference lists, as the browser computes it. */
async function productPreview(file: Uint8Array) {
  const outcome = await previewImportFile(file, 'produits-import.csv', {
    kind: 'products',
    references: await loadProductReferences(t.server.db),
  });
  if (!outcome.ok || outcome.kind !== 'products') throw new Error('the fixture must read');
  return outcome.preview;
}

/** The errors a SHEET_INVALID refusal carries, decoded. */
async function sheetRefusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const connect = ConnectError.from(error);
    expect(connect.code).toBe(Code.InvalidArgument);
    return sheetRefusalErrors(connect.rawMessage).map(decodeIssue);
  }
  throw new Error('the call succeeded');
}

describe('ProductService.importSheetFile', () => {
  let deposit: string;

  it('refuses the faulty rows at once, makes a deposit named after the sheet and creates the 60 products through a task', async () => {
    const file = await fixture('produits-import.csv');
    const depositsBefore = await depositCount();
    const answer = await products('vendor').importSheetFile({
      file,
      fileName: 'produits-import.csv',
    });
    // The server's verdict is the preview's, computed with the same code and the same lists.
    const preview = await productPreview(file);
    expect(answer.errors).toEqual(encodedRefusals(preview));
    expect(answer.errors.map((e) => decodeIssue(e))).toHaveLength(7);
    expect(answer.errors.map((e) => JSON.parse(e).row)).toEqual([62, 63, 64, 65, 66, 67, 69]);
    expect(answer.createdCount).toBe(60);
    expect(answer.backgroundTask).toMatchObject({
      taskName: TaskName.IMPORT_SHEET_FILE,
      ownerObjectUuid: vendorUuid,
      label: 'produits-import.csv',
      totalItems: 60,
    });
    expect(await depositCount()).toBe(depositsBefore + 1);
    deposit = answer.deposit;

    expect(await settled(answer.backgroundTask!.uuid)).toBe('COMPLETED');
    const made = await t.client(DepositService, 'vendor').retrieve({ uuid: deposit });
    expect(made).toMatchObject({
      name: 'produits-import',
      vendor: vendorUuid,
      isImported: true,
      status: DepositStatus.RECEIVED,
      productNumber: 60,
    });
    const { rows } = await sql<{ reference: string }>`
      select reference from product where deposit = ${deposit} order by reference`.execute(
      t.server.db,
    );
    expect(rows.map((r) => r.reference)).toEqual(
      acceptedRows(preview).map((r) => r.values.reference),
    );
    const { rows: first } = await sql<Record<string, unknown>>`
      select p.name, p.suggested_price, p.quality::text as quality, p.sale_status::text as status,
        p.last_updated_by::text as origin, p.stock_entry_datetime, c.name_singular as category,
        b.name as brand, s.title as size
      from product p join category c on c.uuid = p.category left join brand b on b.uuid = p.brand
        left join product_size s on s.uuid = p.product_size
      where p.deposit = ${deposit} and p.reference = 'IMP-0001'`.execute(t.server.db);
    expect(first[0]).toMatchObject({
      name: 'Jean Petit Bateau n°1',
      suggested_price: 6.07,
      quality: 'NEW_WITHOUT_TICKET',
      status: 'OFFLINE',
      origin: 'CSV',
      category: 'Jean',
      brand: 'Petit Bateau',
      size: 'M',
      stock_entry_datetime: new Date('2026-02-02T00:00:00Z'),
    });
  });

  it('refuses the same sheet again without a deposit: the vendor already has one of that name', async () => {
    const before = { deposits: await depositCount(), tasks: await taskCount() };
    expect(
      await refusalOf(
        products('vendor').importSheetFile({
          file: await fixture('produits-import.xlsx'),
          fileName: 'produits-import.xlsx',
        }),
      ),
    ).toEqual({ code: Code.AlreadyExists, reason: 'DEPOSIT_NAME_EXISTS' });
    expect({ deposits: await depositCount(), tasks: await taskCount() }).toEqual(before);
  });

  it('writes nothing for a sheet without a row to import, and says why for each row', async () => {
    const before = { deposits: await depositCount(), tasks: await taskCount() };
    // Into the deposit the first import filled: every reference is already there.
    const issues = await sheetRefusal(
      products('vendor').importSheetFile({
        deposit,
        file: await fixture('produits-import.xlsx'),
        fileName: 'produits-import.xlsx',
      }),
    );
    expect(
      issues.filter((i) => i.kind === 'row' && i.issue.code === 'referenceExists'),
    ).toHaveLength(60);
    const unreadable = await sheetRefusal(
      products('vendor').importSheetFile({
        file: csvBytes('Nom;Prix\nRobe;12\n'),
        fileName: 'sans-reference.csv',
      }),
    );
    expect(unreadable).toEqual([
      { kind: 'file', issue: { code: 'columnMissing', params: { column: 'reference' } } },
    ]);
    const tooLarge = await sheetRefusal(
      products('vendor').importSheetFile({
        file: new Uint8Array(MAX_SHEET_BYTES + 1),
        fileName: 'big.csv',
      }),
    );
    expect(tooLarge).toEqual([
      { kind: 'file', issue: { code: 'fileTooLarge', params: { maxMb: 5 } } },
    ]);
    expect({ deposits: await depositCount(), tasks: await taskCount() }).toEqual(before);
    expect(await productsIn(deposit)).toBe(60);
  });

  it('adds the new references of a sheet to a deposit the vendor names', async () => {
    const sheet =
      'Référence;Nom;Catégorie;Prix\nIMP-0001;Déjà là;Robe;5\nNEW-1;Robe neuve;Robe;12,50\n';
    const answer = await products('vendor').importSheetFile({
      deposit,
      file: csvBytes(sheet),
      fileName: 'ajout.csv',
    });
    expect(answer.errors.map((e) => decodeIssue(e))).toEqual([
      {
        kind: 'row',
        issue: { row: 2, code: 'referenceExists', level: 'error', column: 'reference' },
      },
    ]);
    expect(answer.deposit).toBe(deposit);
    expect(await settled(answer.backgroundTask!.uuid)).toBe('COMPLETED');
    expect(await productsIn(deposit)).toBe(61);
  });

  it('checks the caller and the scope', async () => {
    const file = csvBytes('Référence;Nom;Catégorie;Prix\nS-1;Robe;Robe;5\n');
    const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };
    expect(
      await refusalOf(products('customer').importSheetFile({ file, fileName: 'a.csv' })),
    ).toEqual(forbidden);
    const { rows } = await sql<{ uuid: string }>`
      select uuid from deposit where vendor = ${companyVendorUuid} limit 1`.execute(t.server.db);
    expect(
      await refusalOf(
        products('vendor').importSheetFile({ deposit: rows[0]!.uuid, file, fileName: 'a.csv' }),
      ),
    ).toEqual(forbidden);
    // Without a plan, no import (the gate of every creating call).
    await sql`update subscription set status = 'CANCELED' where vendor = ${companyVendorUuid}`.execute(
      t.server.db,
    );
    await sql`update vendor set extension_free_trial_start_datetime = null
      where uuid = ${companyVendorUuid}`.execute(t.server.db);
    expect(
      await refusalOf(products('company').importSheetFile({ file, fileName: 'a.csv' })),
    ).toEqual({ code: Code.PermissionDenied, reason: 'SUBSCRIPTION_UPDATE_NEEDED' });
  });

  it("lets staff import into any vendor's deposit; the task belongs to that vendor", async () => {
    const answer = await products('admin').importSheetFile({
      deposit,
      file: csvBytes('Référence;Nom;Catégorie;Prix\nSTAFF-1;Robe;Robe;5\n'),
      fileName: 'staff.csv',
    });
    expect(answer.backgroundTask?.ownerObjectUuid).toBe(vendorUuid);
    expect(await settled(answer.backgroundTask!.uuid)).toBe('COMPLETED');
    expect(await productsIn(deposit)).toBe(62);
  });
});

describe('the product import runner', () => {
  function reporter() {
    const calls: (string | number)[][] = [];
    const report: TaskReporter = {
      signal: new AbortController().signal,
      async setTotal(total) {
        calls.push(['total', total]);
      },
      async progress(current) {
        calls.push(['progress', current]);
      },
    };
    return { report, calls };
  }

  it('reports progress per batch and creates nothing twice when run again', async () => {
    const { uuid: target } = await t
      .client(DepositService, 'vendor')
      .create({ deposit: { name: 'Reprise', status: DepositStatus.RECEIVED } });
    const rows = acceptedRows(await productPreview(await fixture('produits-import.csv')));
    const run = productImportRunner(t.server.db, () => new Date('2026-01-01T00:00:00Z'));
    const context = { taskUuid: 'x', vendorUuid, requestedBy: '' };
    const first = reporter();
    // An earlier run was cut short after the first 20 rows.
    await run({ deposit: target, rows: rows.slice(0, 20) }, first.report, context);
    expect(await productsIn(target)).toBe(20);
    const second = reporter();
    await run({ deposit: target, rows }, second.report, context);
    expect(second.calls).toEqual([
      ['total', 60],
      ['progress', 50],
      ['progress', 60],
    ]);
    expect(await productsIn(target)).toBe(60);
    await run({ deposit: target, rows }, reporter().report, context);
    expect(await productsIn(target)).toBe(60);
  });

  it('stops when the server stops, for the queue to run it again', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    const run = productImportRunner(t.server.db, () => new Date());
    await expect(
      run(
        { deposit: '00000000-0000-4000-8000-000000000000', rows: [{ row: 2 } as never] },
        { ...reporter().report, signal: controller.signal },
        { taskUuid: 'x', vendorUuid, requestedBy: '' },
      ),
    ).rejects.toThrow('stopping');
  });

  it('ends in a clear failure when the deposit is gone', async () => {
    const run = productImportRunner(t.server.db, () => new Date());
    await expect(
      run(
        {
          deposit: '00000000-0000-4000-8000-000000000000',
          rows: [{ row: 2, values: { reference: 'X' } as never }],
        },
        reporter().report,
        { taskUuid: 'x', vendorUuid, requestedBy: '' },
      ),
    ).rejects.toThrow('no longer exists');
  });
});
