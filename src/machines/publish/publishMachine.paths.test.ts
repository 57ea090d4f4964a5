import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { publishMachine } from './publishMachine.ts';
import type {
  CheckInput,
  CheckResult,
  Prepared,
  PublishEvent,
  PublishInput,
  PublishProgress,
  StreamInput,
} from './publishTypes.ts';

type Snapshot = SnapshotFrom<typeof publishMachine>;

const INPUT: PublishInput = { selection: { kind: 'products', uuids: ['p1', 'p2', 'p3'] } };
const PREPARED: Prepared = {
  connectors: [
    { uuid: 'c1', publisherName: 'SECONDE_STOREFRONT', accountName: '' },
    { uuid: 'c2', publisherName: 'EBAY', accountName: 'vendeur' },
  ],
  products: ['p1', 'p2', 'p3'].map((uuid) => ({ uuid, reference: `R-${uuid}`, name: uuid })),
};
const INCOMPLETE = { product: 'p3', reference: 'R-p3', name: 'p3', missing: ['BRAND'] };
const CHECKS: Readonly<Record<string, CheckResult>> = {
  complete: { incomplete: [], complete: 3, problems: [], alreadyListed: 0 },
  someIncomplete: { incomplete: [INCOMPLETE], complete: 2, problems: [], alreadyListed: 0 },
  allIncomplete: {
    incomplete: ['p1', 'p2', 'p3'].map((product) => ({ ...INCOMPLETE, product })),
    complete: 0,
    problems: [],
    alreadyListed: 0,
  },
  notConnected: {
    incomplete: [],
    complete: 3,
    problems: ['CONNECTOR_NOT_CONNECTED'],
    alreadyListed: 0,
  },
};
const GONE = new ConnectError('gone', Code.Unavailable);
const UNKNOWN = new ConnectError(
  JSON.stringify({ code: 'PUBLISH_UNKNOWN_ERROR', message: 'eBay said no' }),
  Code.Internal,
);

/** The worker's next report: one more product listed; the second also fails on eBay. */
function nextReport(s: Snapshot): PublishProgress {
  const n = s.context.counts.progress + 1;
  return {
    count: n,
    progress: n,
    total: 2,
    task: 't1',
    connectorUrl: '',
    listings: [
      {
        product: `p${n}`,
        vendorConnector: 'c1',
        publisherName: 'SECONDE_STOREFRONT',
        url: `https://shop.test/p${n}`,
        alreadyListed: false,
      },
    ],
    errors:
      n === 2
        ? [
            {
              product: 'p2',
              vendorConnector: 'c1',
              message: 'x',
              code: 'CHANNEL_REFUSED',
              missing: [],
              reference: 'R-p2',
            },
          ]
        : [],
    inlineOffers: n === 1 ? ['d1'] : [],
  };
}

const USER: PublishEvent[] = [
  { type: 'publish.toggleConnector', uuid: 'c1' },
  { type: 'publish.check' },
  { type: 'publish.completeOnly' },
  { type: 'publish.back' },
  { type: 'publish.start' },
  { type: 'publish.cancel' },
  { type: 'publish.retry' },
  { type: 'publish.moveInline', deposit: 'd1' },
];

function reports(s: Snapshot): EventObject[] {
  if (!s.matches('streaming')) return [];
  const { progress } = s.context.counts;
  const events: PublishEvent[] = [];
  if (progress < 2) events.push({ type: 'publish.progressed', progress: nextReport(s) });
  if (s.context.special === null) events.push({ type: 'publish.special', message: 'Limite' });
  if (progress === 2)
    events.push({
      type: 'publish.finished',
      summary: { task: 't1', total: 2, progress: 2, listings: 2, errors: 1 },
    });
  events.push({ type: 'publish.failed', error: UNKNOWN });
  return [...events, failure('publishStream', new Error('The worker crashed'))];
}

const SETTLE: EventObject[] = [
  done('prepare', PREPARED),
  failure('prepare', GONE),
  ...Object.values(CHECKS).map((c) => done('checkProducts', c)),
  failure('checkProducts', GONE),
  done('moveDepositInline'),
  failure('moveDepositInline', GONE),
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  const c = s.context;
  // Problems show only where the vendor can fix them.
  if (c.problems.length > 0) expect(s.matches('choosing'), where).toBe(true);
  if (event.type === 'publish.check' && s.matches('choosing'))
    expect(c.problems, where).toEqual(['NO_PUBLISHERS']);
  if (s.matches('checking')) expect(c.chosen, where).toEqual(['c1']);
  // Reviewing lists what is missing; all incomplete cannot go on.
  if (s.matches('reviewing')) {
    expect(c.check?.incomplete.length, where).toBeGreaterThan(0);
    expect(s.can({ type: 'publish.completeOnly' }), where).toBe((c.check?.complete ?? 0) > 0);
  }
  if (s.matches('confirming'))
    expect(c.completeOnly, where).toBe((c.check?.incomplete.length ?? 0) > 0);
  // The stream starts with the products and channels; a retry follows the same task.
  const stream = started.find((x) => x.id === 'publishStream');
  if (stream) {
    const input = stream.input as StreamInput;
    expect(input.products, where).toEqual(['p1', 'p2', 'p3']);
    expect(input.vendorConnectors, where).toEqual(['c1']);
    expect(input.task, where).toBe(event.type === 'publish.start' ? '' : previous!.context.task);
    expect(c.listings, where).toEqual([]);
  }
  // Each pair once, and the counts never go back while streaming.
  const pairs = c.listings.map((l) => `${l.product}|${l.vendorConnector}`);
  expect(new Set(pairs).size, where).toBe(pairs.length);
  if (event.type === 'publish.progressed')
    expect(c.counts.progress, where).toBe((previous?.context.counts.progress ?? 0) + 1);
  // Finishing tells the page (the stock list reloads) once.
  const finishedNow = s.matches('finished') && previous?.matches('streaming');
  expect(emitted.filter((e) => e.type === 'publish.done').length, where).toBe(finishedNow ? 1 : 0);
  if (s.matches('movingInline')) expect(c.moving, where).toBe('d1');
  if (event.type === 'xstate.done.actor.moveDepositInline')
    expect(c.movedInline, where).toEqual(['d1']);
  // An offer is taken once.
  if (c.movedInline.includes('d1')) expect(s.can(USER[7]!), where).toBe(false);
  if (s.matches('failed') && event.type === 'publish.failed')
    expect(c.reason, where).toBe('PUBLISH_UNKNOWN_ERROR');
}

const walk = walkPaths({
  machine: publishMachine,
  input: INPUT,
  events: (s) => [...USER, ...reports(s), ...SETTLE],
  provide: { publishStream: fromCallback(() => () => undefined) },
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('publishMachine', walk, {
  title: 'of choosing one channel, reviewing, streaming, failing and resuming',
  // One channel chosen once, two check answers, and no crash or special message: countable.
  events: (s) => [
    ...USER.filter(
      (e) =>
        (e.type !== 'publish.toggleConnector' || s.context.chosen.length === 0) &&
        (e.type !== 'publish.check' || s.context.chosen.length > 0),
    ),
    ...reports(s).filter(
      (e) => e.type !== 'publish.special' && e.type !== 'xstate.error.actor.publishStream',
    ),
    done('prepare', PREPARED),
    failure('prepare', GONE),
    done('checkProducts', CHECKS.complete),
    done('checkProducts', CHECKS.someIncomplete),
    failure('checkProducts', GONE),
    done('moveDepositInline'),
  ],
  atLeast: (shortest) => Math.floor(shortest / 3),
});

describe('publishMachine requests', () => {
  it('names NO_PRODUCTS when nothing was selected, without asking the server', async () => {
    let checks = 0;
    const actor = createActor(
      publishMachine.provide({
        actors: {
          prepare: fromPromise<Prepared, PublishInput>(async () => ({
            connectors: PREPARED.connectors,
            products: [],
          })),
          checkProducts: fromPromise<CheckResult, CheckInput>(async () => {
            checks++;
            return CHECKS.complete!;
          }),
        },
      }),
      { input: { selection: { kind: 'products', uuids: [] } } },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'publish.check' });
    expect(actor.getSnapshot().context.problems).toEqual(['NO_PUBLISHERS', 'NO_PRODUCTS']);
    actor.send({ type: 'publish.toggleConnector', uuid: 'c1' });
    actor.send({ type: 'publish.check' });
    expect(actor.getSnapshot().context.problems).toEqual(['NO_PRODUCTS']);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(checks).toBe(0);
  });

  it('chooses the only channel for the vendor', async () => {
    const actor = createActor(
      publishMachine.provide({
        actors: {
          prepare: fromPromise<Prepared, PublishInput>(async () => ({
            ...PREPARED,
            connectors: [PREPARED.connectors[0]!],
          })),
        },
      }),
      { input: INPUT },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.chosen).toEqual(['c1']);
  });
});
