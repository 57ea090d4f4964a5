import type { Owner } from '../../machines/people/peopleLists.ts';

/** Whose page a panel sits on, as plain props (stable for memoised machines). */
export interface OwnerRef {
  readonly kind: 'customer' | 'vendor';
  readonly uuid: string;
}

export function ownerOf(kind: OwnerRef['kind'], uuid: string): Owner {
  return kind === 'customer' ? { customer: uuid } : { vendor: uuid };
}
