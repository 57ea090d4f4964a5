import type { RestoredSession, SessionAuth } from './oidc.ts';
import type { VisibilitySource } from './sessionActors.ts';
import type { CurrentUserPayload } from './sessionTypes.ts';

/** Users as GetCurrentUser answers them for the demo accounts' situations (tests only). */
export const USERS = {
  vendor: {
    sub: 'sub-vendor',
    email: 'vendor@seconde.test',
    groups: ['Vendor'],
    isCompanyAdmin: false,
    firstName: 'Valérie',
    lastName: 'Dépôt',
    vendorUuid: 'vendor-uuid',
    customerUuid: '',
  },
  companyAdmin: {
    sub: 'sub-company',
    email: 'company@seconde.test',
    groups: ['Vendor', 'Company'],
    isCompanyAdmin: true,
    firstName: 'Camille',
    lastName: 'Société',
    vendorUuid: 'company-vendor-uuid',
    customerUuid: '',
  },
  developer: {
    sub: 'sub-dev',
    email: 'developer@seconde.test',
    groups: ['Developer'],
    isCompanyAdmin: false,
    firstName: '',
    lastName: '',
    vendorUuid: '',
    customerUuid: '',
  },
  noGroup: {
    sub: 'sub-nogroup',
    email: 'nogroup@seconde.test',
    groups: [],
    isCompanyAdmin: false,
    firstName: '',
    lastName: '',
    vendorUuid: '',
    customerUuid: '',
  },
  unrecognisedCustomer: {
    sub: 'sub-stranger',
    email: 'stranger@seconde.test',
    groups: ['Customer'],
    isCompanyAdmin: false,
    firstName: '',
    lastName: '',
    vendorUuid: '',
    customerUuid: '',
  },
} satisfies Record<string, CurrentUserPayload>;

/** A SessionAuth without a provider: records what the machine asked and lets tests fire expiry. */
export class FakeSessionAuth implements SessionAuth {
  readonly calls: string[] = [];
  token: string | null = 'access-token';
  restored: RestoredSession = { signedIn: true, returnTo: null };
  failRenew = false;
  #onExpired: (() => void) | null = null;

  restore(): Promise<RestoredSession> {
    this.calls.push('restore');
    return Promise.resolve(this.restored);
  }
  signIn(returnTo: string | null): Promise<void> {
    this.calls.push(`signIn:${String(returnTo)}`);
    return Promise.resolve();
  }
  renew(): Promise<void> {
    this.calls.push('renew');
    if (this.failRenew) return Promise.reject(new Error('login_required'));
    this.token = 'renewed-token';
    return Promise.resolve();
  }
  signOut(): Promise<void> {
    this.calls.push('signOut');
    this.token = null;
    return Promise.resolve();
  }
  accessToken(): Promise<string | null> {
    return Promise.resolve(this.token);
  }
  hasValidToken(): Promise<boolean> {
    this.calls.push('hasValidToken');
    return Promise.resolve(this.token !== null);
  }
  watch(onExpired: () => void): () => void {
    this.calls.push('watch');
    this.#onExpired = onExpired;
    return () => {
      this.calls.push('unwatch');
      this.#onExpired = null;
    };
  }
  /** What the provider's `accessTokenExpired` event does. */
  expire(): void {
    this.token = null;
    this.#onExpired?.();
  }
}

/** A `document` stand-in whose tab tests hide and show. */
export class FakePage implements VisibilitySource {
  visibilityState: DocumentVisibilityState = 'visible';
  readonly #listeners = new Set<() => void>();

  addEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.#listeners.add(listener);
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.#listeners.delete(listener);
  }
  get listening(): number {
    return this.#listeners.size;
  }
  /** Switches the tab to `state` and tells the listeners. */
  show(state: DocumentVisibilityState = 'visible'): void {
    this.visibilityState = state;
    for (const listener of this.#listeners) listener();
  }
}
