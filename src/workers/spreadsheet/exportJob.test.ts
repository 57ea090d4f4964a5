import { Code, ConnectError } from '@connectrpc/connect';
import * as Comlink from 'comlink';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toAppError } from '../../rpc/errors.ts';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import type { ExportRow } from '../stream/exportSource.impl.ts';
import type { StreamMessage, StreamSource } from '../stream/stream.impl.ts';
import { throwingWireErrors } from '../stream/wireError.ts';
import type { WorkerLike } from '../stream/workerCall.ts';
import { runExportJob, type ExportJob, type ExportJobHooks } from './exportJob.impl.ts';
import { SheetWriter } from './sheetWriter.impl.ts';
import { createSpreadsheetClient } from './spreadsheet.client.ts';
import { XLSX_MIME } from './sheetSpec.ts';

const JOB: ExportJob = {
  source: {
    kind: 'products',
    baseUrl: 'https://seconde.test',
    filters: {},
    ordering: 'reference',
    search: '',
  },
  sheet: {
    kind: 'products',
    sheetName: 'Stock',
    exportedAt: Date.UTC(2026, 10, 24, 9),
    columns: [
      { field: 'reference', type: 'text', header: 'Référence' },
      { field: 'suggestedPrice', type: 'price', header: 'Prix' },
    ],
    about: {
      sheetName: 'Filtres',
      exportedAtLabel: 'Exporté le',
      rowCountLabel: 'Lignes',
      filterHeader: 'Filtre',
      valueHeader: 'Valeur',
      noFilters: 'Aucun filtre',
      filters: [],
    },
  },
};

const data = (m: Partial<StreamMessage<ExportRow>>): StreamMessage<ExportRow> => ({
  code: StreamCode.PROGRESS,
  count: 2,
  progress: 0,
  message: '',
  cursor: '',
  results: [],
  labels: {},
  ...m,
});

/** Two rows, a special message between them; the token is asked on connecting. */
function source(getToken: () => unknown): StreamSource<ExportRow> {
  return async function* () {
    await getToken();
    yield data({});
    yield data({ progress: 1, results: [{ reference: 'REF-1', suggestedPrice: 10 }], cursor: 'a' });
    yield data({ code: StreamCode.SPECIAL, message: 'Export limité' });
    yield data({
      progress: 2,
      results: [{ reference: 'REF-2', suggestedPrice: 12.5 }],
      cursor: 'b',
    });
    yield data({ code: StreamCode.FINISH, progress: 2 });
  };
}

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

/** A "worker" over a MessageChannel in this thread: the Comlink contract, end to end. */
function channelWorker(api: object): { start: () => WorkerLike; terminated: () => boolean } {
  let terminated = false;
  return {
    start: () => {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      Comlink.expose(api, port1);
      return Object.assign(port2, {
        terminate: () => {
          terminated = true;
          port1.close();
        },
      });
    },
    terminated: () => terminated,
  };
}

const hooks = (): ExportJobHooks & Record<string, ReturnType<typeof vi.fn>> => ({
  getToken: vi.fn(() => 'token-1'),
  onProgress: vi.fn(),
  onSpecial: vi.fn(),
  onBuilding: vi.fn(),
});

describe('the spreadsheet worker contract', () => {
  it('streams, builds and hands back the file; only progress and messages cross', async () => {
    const api = {
      run: throwingWireErrors((job: ExportJob, h: ExportJobHooks) =>
        runExportJob(job, h, { openSource: (_, getToken) => source(getToken) }),
      ),
    };
    const worker = channelWorker(api);
    const h = hooks();
    const file = await createSpreadsheetClient(worker.start).run(
      JOB,
      h,
      new AbortController().signal,
    );
    expect(file).toBeInstanceOf(Blob);
    expect(file.type).toBe(XLSX_MIME);
    expect(file.size).toBeGreaterThan(1000);
    expect(h.getToken).toHaveBeenCalledTimes(1);
    expect(h.onSpecial).toHaveBeenCalledWith('Export limité');
    expect(h.onProgress).toHaveBeenLastCalledWith({ count: 2, progress: 2 });
    expect(h.onBuilding).toHaveBeenCalledTimes(1);
    expect(worker.terminated()).toBe(true);
  });

  it('hands a refusal back with its code and reason', async () => {
    const refusal = new ConnectError(
      JSON.stringify({ code: 'FORBIDDEN', message: 'Only vendors and staff may export the stock' }),
      Code.PermissionDenied,
    );
    const api = {
      run: throwingWireErrors((job: ExportJob, h: ExportJobHooks) =>
        runExportJob(job, h, {
          openSource: () =>
            async function* () {
              yield* [] as StreamMessage<ExportRow>[];
              throw refusal;
            },
        }),
      ),
    };
    const error = await createSpreadsheetClient(channelWorker(api).start)
      .run(JOB, hooks(), new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect(toAppError(error)).toMatchObject({ code: 'forbidden', reason: 'FORBIDDEN' });
  });

  it('aborting terminates the worker and rejects as cancelled, never as a failure', async () => {
    let release = () => {};
    const api = {
      run: () =>
        new Promise<Blob>((resolve) => {
          release = () => resolve(new Blob());
        }),
    };
    const worker = channelWorker(api);
    const controller = new AbortController();
    const running = createSpreadsheetClient(worker.start).run(JOB, hooks(), controller.signal);
    await vi.waitFor(() => expect(ports.length).toBe(2));
    controller.abort();
    const error = await running.catch((e: unknown) => e);
    expect(toAppError(error)).toMatchObject({ code: 'cancelled', silent: true });
    expect(worker.terminated()).toBe(true);
    release();
  });

  it('a worker warmed ahead runs the next export, and only one waits at a time', async () => {
    const api = {
      run: throwingWireErrors((job: ExportJob, h: ExportJobHooks) =>
        runExportJob(job, h, { openSource: (_, getToken) => source(getToken) }),
      ),
    };
    const worker = channelWorker(api);
    const start = vi.fn(worker.start);
    const client = createSpreadsheetClient(start);
    client.warm();
    client.warm();
    expect(start).toHaveBeenCalledTimes(1);
    const file = await client.run(JOB, hooks(), new AbortController().signal);
    expect(file.type).toBe(XLSX_MIME);
    // The warmed worker did the export: none was started for the click.
    expect(start).toHaveBeenCalledTimes(1);
    expect(worker.terminated()).toBe(true);
    // The next export without warming starts its own.
    await client.run(JOB, hooks(), new AbortController().signal);
    expect(start).toHaveBeenCalledTimes(2);
  });
});

describe('the file written while the rows arrive', () => {
  const LABELLED: ExportJob = {
    ...JOB,
    sheet: {
      ...JOB.sheet,
      columns: [
        { field: 'reference', type: 'text', header: 'Référence' },
        { field: 'brand', type: 'label', header: 'Marque' },
        { field: 'colors', type: 'list', header: 'Couleurs' },
        { field: 'stockEntryDatetime', type: 'date', header: 'Entrée' },
      ],
    },
  };
  // 22:00 UTC on 30 June is midnight in Paris: a column of such dates shows no time.
  const MIDNIGHT = Date.UTC(2026, 5, 30, 22);
  const BATCH = 400;

  /** Three batches; each names only the brands and colours its own rows first refer to. */
  function labelledSource(): StreamSource<ExportRow> {
    return async function* () {
      yield data({ count: 3 * BATCH });
      for (let b = 0; b < 3; b++) {
        const results = Array.from({ length: BATCH }, (_, i) => ({
          reference: `REF-${b}-${i}`,
          brand: `brand-${b}`,
          colors: b === 0 ? ['color-0'] : ['color-0', `color-${b}`],
          // One row of the last batch has a time of day: the whole column then shows times.
          stockEntryDatetime: MIDNIGHT + (b === 2 && i === 7 ? 3_600_000 : 0),
        }));
        yield data({
          count: 3 * BATCH,
          progress: (b + 1) * BATCH,
          results,
          cursor: `c${b}`,
          labels: { [`brand-${b}`]: `Marque ${b}`, [`color-${b}`]: `Couleur ${b}` },
        });
      }
      yield data({ code: StreamCode.FINISH, count: 3 * BATCH, progress: 3 * BATCH });
    };
  }

  it('names each row with the labels of its own batch and reads back whole', async () => {
    const file = await runExportJob(LABELLED, hooks(), { openSource: () => labelledSource() });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3 * BATCH + 1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Référence',
      'Marque',
      'Couleurs',
      'Entrée',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(0, 4)).toMatchObject([
      undefined,
      'REF-0-0',
      'Marque 0',
      'Couleur 0',
    ]);
    const last = sheet.getRow(3 * BATCH + 1);
    expect(last.getCell(1).value).toBe(`REF-2-${BATCH - 1}`);
    expect(last.getCell(2).value).toBe('Marque 2');
    expect(last.getCell(3).value).toBe('Couleur 0, Couleur 2');
    expect(sheet.getRow(BATCH + 2).getCell(3).value).toBe('Couleur 0, Couleur 1');
    expect(last.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.autoFilter).toBe(`A1:D${3 * BATCH + 1}`);
    const about = book.worksheets[1]!;
    expect(about.getRow(2).values).toEqual([undefined, 'Lignes', 3 * BATCH]);
  });

  it('cancelling mid-way stops the stream and drops what was written', async () => {
    const controller = new AbortController();
    const abort = vi.spyOn(SheetWriter.prototype, 'abort');
    let closed = false;
    const running = runExportJob(LABELLED, hooks(), {
      signal: controller.signal,
      openSource: () =>
        async function* (cursor, signal) {
          try {
            for await (const m of labelledSource()(cursor, signal)) {
              yield m;
              // Two batches in (the sheet has started): the user cancels, the stream waits.
              if (m.progress === 2 * BATCH) {
                controller.abort();
                await new Promise((_, reject) => {
                  if (signal.aborted) reject(signal.reason as Error);
                  signal.addEventListener('abort', () => reject(signal.reason as Error));
                });
              }
            }
          } finally {
            closed = true;
          }
        },
    });
    const error = await running.catch((e: unknown) => e);
    expect(toAppError(error)).toMatchObject({ code: 'cancelled' });
    expect(closed).toBe(true);
    expect(abort).toHaveBeenCalledTimes(1);
    abort.mockRestore();
  });
});
