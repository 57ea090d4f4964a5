import type { PublisherName } from '../../src/domain/publishing/channels.ts';
import {
  ChannelItemError,
  ChannelUnavailableError,
  type ChannelConnector,
  type ConnectorAccount,
  type ListingItem,
  type ListingRef,
} from '../../server/services/publishing/connector.ts';

/**
 * A sales channel under the test's control: it counts its calls, refuses chosen products (a
 * validation error), can be unreachable, slow, or fail its withdrawals.
 */
export interface FakeConnector extends ChannelConnector {
  readonly published: ListingItem[];
  readonly withdrawn: ListingRef[];
  readonly accounts: ConnectorAccount[];
  /** Product uuid → the channel's validation message. */
  readonly refuse: Map<string, string>;
  unavailable: boolean;
  withdrawFails: boolean;
  /** Each publish waits this long (abortable). */
  delayMs: number;
  /** Calls publish made for one product. */
  callsFor(product: string): number;
  reset(): void;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal.addEventListener('abort', aborted, { once: true });
  });
}

export function fakeConnector(publisher: PublisherName): FakeConnector {
  const host = `${publisher.toLowerCase().replace(/_/g, '-')}.example`;
  const fake: FakeConnector = {
    publisher,
    published: [],
    withdrawn: [],
    accounts: [],
    refuse: new Map(),
    unavailable: false,
    withdrawFails: false,
    delayMs: 0,
    async publish(item, account, signal) {
      fake.published.push(item);
      fake.accounts.push(account);
      await wait(fake.delayMs, signal);
      if (fake.unavailable) throw new ChannelUnavailableError(`${publisher} answered 503`);
      const refusal = fake.refuse.get(item.productUuid);
      if (refusal) throw new ChannelItemError(refusal, 'VALIDATION');
      return {
        externalId: `${publisher}-${item.sku}`,
        url: `https://${host}/items/${item.sku}`,
        sku: item.sku,
      };
    },
    async withdraw(listing) {
      await Promise.resolve();
      if (fake.withdrawFails) throw new ChannelUnavailableError(`${publisher} answered 503`);
      fake.withdrawn.push(listing);
    },
    callsFor(product) {
      return fake.published.filter((i) => i.productUuid === product).length;
    },
    reset() {
      fake.published.length = 0;
      fake.withdrawn.length = 0;
      fake.accounts.length = 0;
      fake.refuse.clear();
      fake.unavailable = false;
      fake.withdrawFails = false;
      fake.delayMs = 0;
    },
  };
  return fake;
}
