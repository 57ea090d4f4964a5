import { readFile } from 'node:fs/promises';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { TEST_REFERENCES } from '../../domain/sheetImport/testReferences.ts';
import { createClientFactory } from '../../rpc/clients.ts';
import { BackgroundTaskSchema } from '../../rpc/gen/seconde/v1/background_task_pb.ts';
import { BrandService } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import { CategoryService } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { ColorService } from '../../rpc/gen/seconde/v1/color_pb.ts';
import {
  ProductService,
  type ImportSheetFileRequest,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import { ProductSizeService } from '../../rpc/gen/seconde/v1/product_size_pb.ts';
import { previewSheetFile } from '../../workers/sheetImport/sheetImport.impl.ts';
import type { SheetImportBridge } from '../../workers/sheetImport/sheetImport.client.ts';
import { sheetImportLogic } from './sheetImportActors.ts';
import { previewLines, summaryOf } from './sheetImportSelectors.ts';

const fixture = async (name: string) => {
  const bytes = await readFile(new URL(`../../../tests/fixtures/sheets/${name}`, import.meta.url));
  return new File([bytes], name);
};

/** The worker's own code, called in place of the Worker. */
const bridge: SheetImportBridge = {
  preview: (input) => previewSheetFile(input),
  dispose: () => {},
};

function server(answer: (req: ImportSheetFileRequest) => unknown) {
  const calls = { lists: [] as string[], imports: [] as ImportSheetFileRequest[] };
  const transport = createRouterTransport(({ service }) => {
    service(CategoryService, {
      list: (req) => {
        calls.lists.push(`categories:${req.pagination?.pageSize}`);
        return {
          results: TEST_REFERENCES.categories.map((c) => ({ ...c, active: true })),
          count: TEST_REFERENCES.categories.length,
        };
      },
    });
    service(BrandService, {
      list: () => ({ results: [...TEST_REFERENCES.brands], count: TEST_REFERENCES.brands.length }),
    });
    service(ProductSizeService, {
      list: (req) => {
        calls.lists.push(`sizes:${req.pagination?.pageSize}`);
        return {
          results: TEST_REFERENCES.sizes.map((s) => ({ ...s, sizeGroups: [...s.sizeGroups] })),
          count: TEST_REFERENCES.sizes.length,
        };
      },
    });
    service(ColorService, {
      list: () => ({ results: [...TEST_REFERENCES.colors], count: TEST_REFERENCES.colors.length }),
    });
    service(ProductService, {
      list: () => ({ results: [{ reference: 'IMP-0001' }], count: 1 }),
      importSheetFile: (req) => {
        calls.imports.push(req);
        return answer(req) as never;
      },
    });
  });
  const clients = createClientFactory({ main: transport, notification: transport });
  return { logic: sheetImportLogic(clients, bridge), calls };
}

describe('sheet import with its real actors', () => {
  it('previews with the reference lists, sends the file and hands the task over', async () => {
    const { logic, calls } = server((req) => ({
      createdCount: 60,
      errors: ['{"row":62,"code":"priceMissing","column":"price"}'],
      backgroundTask: create(BackgroundTaskSchema, { uuid: 'task-1' }),
      deposit: req.deposit || 'new-deposit',
    }));
    const actor = createActor(logic).start();
    const emitted: unknown[] = [];
    actor.on('import.submitted', (e) => emitted.push(e));
    actor.send({ type: 'import.open', target: { kind: 'products', deposit: '' } });
    actor.send({ type: 'import.choose', file: await fixture('produits-import.xlsx') });
    const previewed = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(previewed.value).toBe('preview');
    expect(previewed.context.preview?.preview.validCount).toBe(60);
    expect(calls.lists).toEqual(['categories:5000', 'sizes:700']);
    expect(calls.imports).toEqual([]);

    // What the dialog shows of it.
    expect(summaryOf(previewed.context.preview, previewed.context.target)).toEqual({
      sheetName: 'produits-import',
      validCount: 60,
      refusedCount: 7,
      noticeCount: 24,
      skippedCount: 1,
      ignoredColumns: [],
      createsDeposit: true,
    });
    const refused = previewLines(previewed.context.preview, 'refused');
    expect(refused.map((l) => l.row)).toEqual([62, 63, 64, 65, 66, 67, 69]);
    expect(refused[0]).toMatchObject({ key: 'IMP-0061', label: 'Robe sans prix', refused: true });
    expect(previewLines(previewed.context.preview, 'all')).toHaveLength(67);

    actor.send({ type: 'import.submit' });
    const done = await waitFor(actor, (s) => s.matches('closed'));
    expect(done.context.result?.taskUuid).toBe('task-1');
    expect(emitted).toEqual([
      { type: 'import.submitted', taskUuid: 'task-1', deposit: 'new-deposit' },
    ]);
    expect(calls.imports[0]!.fileName).toBe('produits-import.xlsx');
    expect(calls.imports[0]!.file.byteLength).toBe(9185);
  });

  it('refuses in the preview the references the deposit already holds', async () => {
    const { logic } = server(() => ({}));
    const actor = createActor(logic).start();
    actor.send({ type: 'import.open', target: { kind: 'products', deposit: 'd-1' } });
    actor.send({ type: 'import.choose', file: await fixture('produits-import.csv') });
    const previewed = await waitFor(actor, (s) => !s.hasTag('busy'));
    const first = previewed.context.preview?.preview.rows[0];
    expect(first?.issues.map((i) => i.code)).toEqual(['referenceExists']);
  });

  it('keeps the file and says why when the deposit name is taken or the sheet is refused', async () => {
    let reply: ConnectError = new ConnectError(
      JSON.stringify({ code: 'DEPOSIT_NAME_EXISTS', message: 'taken' }),
      Code.AlreadyExists,
    );
    const { logic } = server(() => {
      throw reply;
    });
    const actor = createActor(logic).start();
    actor.send({ type: 'import.open', target: { kind: 'products', deposit: '' } });
    actor.send({ type: 'import.choose', file: await fixture('produits-import.csv') });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'import.submit' });
    let failed = await waitFor(actor, (s) => s.matches('failed'));
    expect([failed.context.errorCode, failed.context.errorReason]).toEqual([
      'duplicate',
      'DEPOSIT_NAME_EXISTS',
    ]);
    expect(failed.context.file?.name).toBe('produits-import.csv');

    reply = new ConnectError(
      JSON.stringify({
        code: 'SHEET_INVALID',
        message: 'no row',
        errors: ['{"row":2,"code":"referenceExists","column":"reference"}'],
      }),
      Code.InvalidArgument,
    );
    actor.send({ type: 'import.submit' });
    failed = await waitFor(
      actor,
      (s) =>
        s.matches('failed') &&
        s.context.errorReason !== null &&
        s.context.errorReason !== 'DEPOSIT_NAME_EXISTS',
    );
    expect(failed.context.errorReason).toBe('SHEET_INVALID');
    expect(failed.context.serverIssues.map((i) => [i.row, i.code])).toEqual([
      [2, 'referenceExists'],
    ]);
  });
});
