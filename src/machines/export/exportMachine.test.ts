import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { EXPORT_COLUMNS, type ExportKind } from '../../domain/exports/exportColumns.ts';
import { createI18n } from '../../i18n/index.ts';
import type { DepositFilters } from '../depositList/depositListQuery.ts';
import { createExportActors, type RunJob } from './exportActors.ts';
import { depositExport, invoiceExport, stockExport } from './exportFilters.ts';
import { selectStreamPhase } from '../streamProgress/streamProgressSelectors.ts';
import { exportMachine } from './exportMachine.ts';
import { selectPhase } from './exportSelectors.ts';
import { exportFileName, exportI18nKey, exportKeys, sheetSpec } from './exportSpec.ts';
import type { ExportEmitted, ExportInput, SaveFileInput } from './exportTypes.ts';

const KINDS = Object.keys(EXPORT_COLUMNS) as ExportKind[];
const fr = createI18n('fr');
const en = createI18n('en');

describe('export texts', () => {
  it('flattens the contract names into area.item keys', () => {
    expect(exportI18nKey('exports.columns.products.stockEntryDatetime')).toBe(
      'exportsColumnsProducts.stockEntryDatetime',
    );
    expect(exportI18nKey('exports.enums.quality.NEW_WITH_TICKET')).toBe(
      'exportsEnumsQuality.newWithTicket',
    );
  });

  it.each(KINDS)('has every header and enum label of %s in both languages', (kind) => {
    for (const key of exportKeys(kind)) {
      expect(fr.exists(key, { fallbackLng: [] }), `fr ${key}`).toBe(true);
      expect(en.exists(key, { fallbackLng: [] }), `en ${key}`).toBe(true);
    }
  });

  it('hands the worker translated headers and enum labels by number', () => {
    const spec = sheetSpec('products', fr.t, [{ name: 'Recherche', value: 'robe' }], 0);
    expect(spec.sheetName).toBe('Stock');
    expect(spec.columns.map((c) => c.field)).toEqual(EXPORT_COLUMNS.products.map((c) => c.field));
    const status = spec.columns.find((c) => c.field === 'saleStatus')!;
    expect(status.header).toBe('Statut de vente');
    expect(status.enumLabels).toMatchObject({ 3: 'Vendu', 4: 'En ligne' });
    expect(status.enumLabels).not.toHaveProperty('0');
    expect(spec.about.filters).toEqual([{ name: 'Recherche', value: 'robe' }]);
    expect(sheetSpec('invoices', en.t, [], 0).columns[1]!.enumLabels![1]).toBe('Monthly vendor');
  });

  it('names the file after the Paris date of the export', () => {
    // 23:30 UTC on 23 November is already the 24th in Paris.
    expect(exportFileName('stock', Date.UTC(2026, 10, 23, 23, 30))).toBe('stock-2026-11-24.xlsx');
  });
});

describe('the rows each page exports', () => {
  it('sends the list filters in the header, with one ordering key', () => {
    expect(
      stockExport({ search: ' robe ', saleStatuses: ['SELL'] }, '-stock_entry_datetime'),
    ).toEqual({
      kind: 'products',
      ordering: '-stock_entry_datetime',
      search: 'robe',
      filters: { sale_status: ['SELL'] },
    });
    expect(stockExport({ search: '', saleStatuses: [] }, 'reference').filters).toEqual({});
    const deposits: DepositFilters = {
      statuses: ['INLINE'],
      family: 'WOMAN',
      gamme: '',
      season: '',
      vendor: '',
      customer: 'c-1',
      dateFrom: '',
      dateTo: '',
    };
    expect(depositExport(deposits, ['-created_at', 'name'])).toEqual({
      kind: 'deposits',
      ordering: '-created_at',
      search: '',
      filters: { family: 'WOMAN', status: ['INLINE'], customer: 'c-1' },
    });
    expect(invoiceExport({ status: 'PAYED' }, '-created_at').filters).toMatchObject({
      invoice_status: 'PAYED',
    });
  });
});

const INPUT: ExportInput = {
  ...stockExport({ search: '', saleStatuses: [] }, 'reference'),
  sheet: sheetSpec('products', fr.t, [], 0),
  fileName: 'stock-2026-11-24.xlsx',
};

/** The machine over its real actors, the worker replaced by `run` and the download by `save`. */
function start(run: RunJob, extra: { onSubscriptionRefused?: (m?: string) => void } = {}) {
  const saved: SaveFileInput[] = [];
  const getToken = vi.fn(() => 'token');
  const actors = createExportActors({
    run,
    baseUrl: 'https://seconde.test',
    getToken,
    save: async (input) => void saved.push(input),
    ...extra,
  });
  const actor = createActor(exportMachine.provide({ actors }), { input: INPUT });
  const emitted: ExportEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  // Each phase of the export beside its stream child's at that moment (a relayed message
  // reaches the child before the child's answer reaches the export).
  const phases: string[] = [];
  actor.subscribe((s) => {
    const phase = selectPhase(s);
    if (phases.at(-1)?.startsWith(`${phase}/`)) return;
    const stream = s.children.stream?.getSnapshot();
    phases.push(`${phase}/${stream ? selectStreamPhase(stream) : '-'}`);
  });
  actor.start();
  return { actor, saved, emitted, getToken, phases };
}

const streamOf = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().children.stream!;

describe('exportMachine over its actors', () => {
  it('runs the job, saves the file under its name and closes', async () => {
    const file = new Blob(['xlsx']);
    let jobSeen: Parameters<RunJob>[0] | undefined;
    const { actor, saved, emitted, getToken, phases } = start(async (job, hooks) => {
      jobSeen = job;
      expect(await hooks.getToken()).toBe('token');
      hooks.onProgress({ count: 2, progress: 0 });
      hooks.onSpecial('Export limité');
      hooks.onProgress({ count: 2, progress: 2 });
      hooks.onBuilding();
      return file;
    });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(jobSeen?.source).toEqual({
      kind: 'products',
      baseUrl: 'https://seconde.test',
      filters: {},
      ordering: 'reference',
      search: '',
    });
    expect(getToken).toHaveBeenCalled();
    expect(saved).toEqual([{ file, fileName: 'stock-2026-11-24.xlsx' }]);
    expect(actor.getSnapshot().context).toMatchObject({ shown: false, special: 'Export limité' });
    expect(emitted.filter((e) => e.type === 'export.task').map((e) => e.status)).toEqual([
      'waiting',
      'running',
      'running',
      'running',
      'completed',
    ]);
    expect(emitted).toContainEqual({ type: 'export.special', message: 'Export limité' });
    // The stream child's phase is the export's while it streams; it stops with the rows.
    expect(phases).toEqual([
      'waiting/waiting',
      'fetching/counting',
      // Every row counted, then the worker builds: the child stays finished.
      'building/finished',
      'downloading/-',
      'closed/-',
    ]);
  });

  it('aborts the job on cancel and never reports it as a failure', async () => {
    let signal: AbortSignal | undefined;
    const { actor, emitted } = start(
      (_, __, s) =>
        new Promise((_resolve, reject) => {
          signal = s;
          s.addEventListener('abort', () => reject(new ConnectError('x', Code.Canceled)));
        }),
    );
    const stream = streamOf(actor);
    actor.send({ type: 'export.cancel' });
    // The cancel goes through the stream child, whose end ends the export.
    expect(stream.getSnapshot().value).toBe('cancelled');
    expect(signal?.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(emitted.at(-1)).toMatchObject({ type: 'export.task', status: 'cancelled' });
  });

  it('fails with the error code, tells the subscription gate, and retries from scratch', async () => {
    const refused = vi.fn();
    let calls = 0;
    const { actor } = start(
      async () => {
        calls++;
        if (calls === 1)
          throw new ConnectError(
            JSON.stringify({ code: 'SUBSCRIPTION_UPDATE_NEEDED', message: 'Abonnement expiré' }),
            Code.PermissionDenied,
          );
        return new Blob(['ok']);
      },
      { onSubscriptionRefused: refused },
    );
    const stream = streamOf(actor);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.errorCode).toBe('subscriptionUpdateNeeded');
    // The failure while streaming is the stream child's, with the same code.
    expect(stream.getSnapshot().context.errorCode).toBe('subscriptionUpdateNeeded');
    expect(selectStreamPhase(stream.getSnapshot())).toBe('failed');
    expect(refused).toHaveBeenCalledWith('Abonnement expiré');
    actor.send({ type: 'export.retry' });
    expect(streamOf(actor)).not.toBe(stream);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toBe(2);
  });
});
