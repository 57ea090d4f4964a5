import { describe, expect, it } from 'vitest';
import { mustAcceptLegalTerms } from './legalTermsSelectors.ts';

const UPDATED = new Date('2026-03-01T00:00:00Z');
const before = new Date('2026-02-28T23:59:59Z');
const after = new Date('2026-03-02T00:00:00Z');

describe('mustAcceptLegalTerms', () => {
  it.each([
    ['a vendor who never accepted', 'v', null, null, UPDATED, true],
    ['a customer who never accepted', null, 'c', null, UPDATED, true],
    ['a vendor who accepted before the update', 'v', null, before, UPDATED, true],
    ['a customer who accepted after the update', null, 'c', after, UPDATED, false],
    ['a vendor who accepted at the update', 'v', null, UPDATED, UPDATED, false],
    ['a vendor who accepted, no update date known', 'v', null, before, null, false],
    ['staff without a record', null, null, null, UPDATED, false],
  ] as const)(
    '%s: %s',
    (_, vendorUuid, customerUuid, acceptedLegalTermAt, legalTermsUpdatedAt, must) => {
      expect(
        mustAcceptLegalTerms({
          vendorUuid,
          customerUuid,
          acceptedLegalTermAt,
          legalTermsUpdatedAt,
        }),
      ).toBe(must);
    },
  );

  it('needs a user', () => {
    expect(mustAcceptLegalTerms(null)).toBe(false);
  });
});
