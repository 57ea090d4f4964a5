import type {
  ContactFields,
  CriteriaFields,
  InfoFields,
} from '../../domain/newDeposit/depositForm.ts';
import { EMPTY_CONTACT, EMPTY_CRITERIA, EMPTY_INFO } from './newDepositTypes.ts';

/**
 * What this browser keeps of an unfinished request: the draft token (the only key to the draft),
 * the customer uuid, and the whole form as typed, written as the visitor types (a step not yet
 * sent included) and whenever a step is saved. Cleared once the request is sent.
 */
export interface StoredDraft {
  readonly token: string;
  readonly customerUuid: string | null;
  readonly contact: ContactFields;
  /** Null in an entry written before the criteria were kept here (the server's then count). */
  readonly criteria: CriteriaFields | null;
  readonly info: InfoFields;
  readonly addressPicked: boolean;
  /** The address was being typed by hand, the address service being down. */
  readonly addressManual: boolean;
}

export interface DraftStore {
  load(): StoredDraft | null;
  save(draft: StoredDraft): void;
  clear(): void;
}

export const STORAGE_KEY = 'seconde.newDeposit';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads back only a well-formed entry; anything else (old format, tampering) is forgotten. */
export function parseStored(text: string | null): StoredDraft | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(raw) || typeof raw.token !== 'string' || raw.token.length < 32) return null;
  const contact = isObject(raw.contact) ? raw.contact : {};
  const info = isObject(raw.info) ? raw.info : {};
  const address = isObject(info.address) ? info.address : {};
  const pick = <T extends object>(base: T, from: Record<string, unknown>): T =>
    Object.fromEntries(
      Object.entries(base).map(([k, v]) => [
        k,
        from[k] !== undefined && typeof from[k] === typeof v ? from[k] : v,
      ]),
    ) as T;
  const coordinate = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  const criteria = isObject(raw.criteria) ? raw.criteria : null;
  return {
    token: raw.token,
    customerUuid: typeof raw.customerUuid === 'string' ? raw.customerUuid : null,
    contact: pick(EMPTY_CONTACT, contact),
    criteria: criteria && {
      ...pick(EMPTY_CRITERIA, criteria),
      seasons: strings(criteria.seasons),
      categories: strings(criteria.categories),
      brands: strings(criteria.brands),
      productNumber:
        typeof criteria.productNumber === 'number' && Number.isFinite(criteria.productNumber)
          ? criteria.productNumber
          : null,
    },
    info: {
      ...pick(EMPTY_INFO, info),
      address: {
        ...pick(EMPTY_INFO.address, address),
        latitude: coordinate(address.latitude),
        longitude: coordinate(address.longitude),
      },
    },
    addressPicked: raw.addressPicked === true,
    addressManual: raw.addressManual === true,
  };
}

/** localStorage may be unavailable (private windows): the form then works for this visit only. */
export function browserDraftStore(storage: () => Storage = () => localStorage): DraftStore {
  return {
    load() {
      try {
        return parseStored(storage().getItem(STORAGE_KEY));
      } catch {
        return null;
      }
    },
    save(draft) {
      try {
        storage().setItem(STORAGE_KEY, JSON.stringify(draft));
      } catch {
        // Kept on the server all the same; only a reload would start over.
      }
    },
    clear() {
      try {
        storage().removeItem(STORAGE_KEY);
      } catch {
        // Nothing to forget.
      }
    },
  };
}

/** A 256-bit random secret, base64url: the draft's key, made by the visitor's own browser. */
export function newDraftToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
