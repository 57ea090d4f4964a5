import { readFile } from 'node:fs/promises';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { expose, wrap } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewOutcome } from '../../domain/sheetImport/previewFile.ts';
import { TEST_REFERENCES } from '../../domain/sheetImport/testReferences.ts';
import { createSheetImportBridge, type SheetImportEndpoint } from './sheetImport.client.ts';
import { previewSheetFile, sheetImportApi } from './sheetImport.impl.ts';
import type { SheetImportApi } from './sheetImport.worker.ts';

const fixture = async (name: string) => {
  const bytes = await readFile(new URL(`../../../tests/fixtures/sheets/${name}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};
const request = { kind: 'products', references: TEST_REFERENCES } as const;

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** The worker's interface over a real MessageChannel, as the browser's Worker carries it. */
function channelEndpoint(
  api: object = sheetImportApi,
): SheetImportEndpoint & { closed(): boolean } {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  expose(api, port1 as never);
  let closed = false;
  return {
    api: wrap<SheetImportApi>(port2 as never),
    terminate: () => {
      closed = true;
      port1.close();
      port2.close();
    },
    closed: () => closed,
  };
}

const refused = (outcome: PreviewOutcome) => (outcome.ok ? outcome.preview.refusedCount : -1);

describe('sheet worker', () => {
  it('checks a sheet directly', async () => {
    const outcome = await previewSheetFile({
      bytes: await fixture('produits-import.csv'),
      fileName: 'produits-import.csv',
      request,
    });
    expect(outcome.ok && outcome.preview.validCount).toBe(60);
  });

  it('answers the same preview over a MessageChannel, the file transferred not copied', async () => {
    const endpoint = channelEndpoint();
    const bridge = createSheetImportBridge(() => endpoint, 50);
    const bytes = await fixture('produits-import.xlsx');
    const outcome = await bridge.preview({ bytes, fileName: 'produits-import.xlsx', request });
    // Transferred: the buffer now belongs to the other side.
    expect(bytes.byteLength).toBe(0);
    const direct = await previewSheetFile({
      bytes: await fixture('produits-import.xlsx'),
      fileName: 'produits-import.xlsx',
      request,
    });
    expect(outcome).toEqual(direct);
    expect(refused(outcome)).toBe(7);
    // Idle, the worker is ended.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(endpoint.closed()).toBe(true);
  });

  it('answers file problems as data, not as thrown errors', async () => {
    const bridge = createSheetImportBridge(() => channelEndpoint());
    const bytes = new TextEncoder().encode('Nom;Prix\nRobe;10\n').buffer as ArrayBuffer;
    expect(await bridge.preview({ bytes, fileName: 'a.csv', request })).toEqual({
      ok: false,
      error: { code: 'columnMissing', params: { column: 'reference' } },
    });
    bridge.dispose();
  });

  it('terminates the worker when the preview is aborted, and starts a new one next time', async () => {
    const endpoints: ReturnType<typeof channelEndpoint>[] = [];
    // A worker that never answers, as a huge file would keep it busy.
    const stuck = { previewSheetFile: () => new Promise<never>(() => {}) };
    const bridge = createSheetImportBridge(() => {
      const endpoint = channelEndpoint(endpoints.length === 0 ? stuck : sheetImportApi);
      endpoints.push(endpoint);
      return endpoint;
    });
    const controller = new AbortController();
    const pending = bridge.preview(
      { bytes: await fixture('produits-import.csv'), fileName: 'p.csv', request },
      controller.signal,
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(endpoints[0]!.closed()).toBe(true);
    const next = await bridge.preview({
      bytes: await fixture('produits-import.csv'),
      fileName: 'p.csv',
      request,
    });
    expect(refused(next)).toBe(7);
    expect(endpoints).toHaveLength(2);
    bridge.dispose();
    expect(endpoints[1]!.closed()).toBe(true);
  });
});
