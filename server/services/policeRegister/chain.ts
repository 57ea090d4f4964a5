import { createHash } from 'node:crypto';

/** The "previous hash" of a register's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The item as received (camelCase, cents as a number). */
export interface RegisterItem {
  reference: string;
  name: string;
  category: string;
  brand: string;
  colors: string;
  size: string;
  condition: string;
  description: string;
  priceCents: number;
}

/** Who handed the item over, and the identity document they showed. */
export interface RegisterDepositor {
  firstName: string;
  lastName: string;
  companyName: string;
  address: string;
  postalCode: string;
  city: string;
  idDocumentType: string;
  idDocumentNumber: string;
  idDocumentAuthority: string;
  idDocumentDate: string;
}

/** What an entry says, stored as jsonb: a snapshot that outlives the rows it was taken from. */
export interface RegisterContent {
  vendorName: string;
  depositName: string;
  correctionReason: string;
  item: RegisterItem;
  depositor: RegisterDepositor;
  /** RESTITUTION only: the restitution receipt the item was handed back under. */
  restitutionReceipt?: string;
}

export type RegisterKind = 'DEPOSIT' | 'PURCHASE' | 'CORRECTION' | 'RESTITUTION';

/** The fields an entry's hash covers: everything it says but its own hash. */
export interface ChainedEntry {
  register: string;
  number: number;
  vendor: string;
  kind: RegisterKind;
  enteredAt: Date;
  product: string | null;
  deposit: string | null;
  corrects: string | null;
  content: RegisterContent;
}

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the previous entry's hash followed by this entry's canonical content. */
export function entryHash(previousHash: string, entry: ChainedEntry): string {
  const { register, number, vendor, kind, enteredAt, product, deposit, corrects, content } = entry;
  const fields = { register, number, vendor, kind, product, deposit, corrects, content };
  const text = canonicalJson({ ...fields, enteredAt: enteredAt.toISOString() });
  return createHash('sha256').update(previousHash).update(text).digest('hex');
}

export type BreakReason = 'HASH_MISMATCH' | 'CHAIN_BROKEN' | 'NUMBER_GAP';

export interface ChainVerdict {
  intact: boolean;
  checked: number;
  firstBroken: { uuid: string; number: number; reason: BreakReason } | null;
}

/**
 * Walks a register's entries in number order from the first: each must follow the previous number,
 * name the previous entry's hash, and hash to what it carries. The first that does not is named.
 */
export function verifyChain(
  entries: readonly (ChainedEntry & { uuid: string; previousHash: string; hash: string })[],
): ChainVerdict {
  let previous = GENESIS_HASH;
  let checked = 0;
  for (const [index, entry] of entries.entries()) {
    const broken = (reason: BreakReason): ChainVerdict => ({
      intact: false,
      checked,
      firstBroken: { uuid: entry.uuid, number: entry.number, reason },
    });
    if (entry.number !== index + 1) return broken('NUMBER_GAP');
    if (entry.previousHash !== previous) return broken('CHAIN_BROKEN');
    if (entryHash(entry.previousHash, entry) !== entry.hash) return broken('HASH_MISMATCH');
    previous = entry.hash;
    checked += 1;
  }
  return { intact: true, checked, firstBroken: null };
}
