import { describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { PAYOUT_REASONS, reasonKey, refusalKey, refusalOf } from './payoutReasons.ts';

const text = (tree: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);

describe('payout refusal texts', () => {
  it.each(PAYOUT_REASONS)('%s has a text in French and in English', (reason) => {
    const key = reasonKey(reason)!;
    expect(typeof text(fr, key), key).toBe('string');
    expect(typeof text(en, key), key).toBe('string');
  });

  it("a server reason shows its own text, another refusal its code's", () => {
    const exceeds = refusalOf(
      new ConnectError('{"code":"PAYOUT_EXCEEDS_BALANCE"}', Code.FailedPrecondition),
    );
    expect(refusalKey(exceeds)).toBe('payouts.reasonPayoutExceedsBalance');
    expect(refusalKey(refusalOf(new ConnectError('down', Code.Unavailable)))).toBe(
      'errors.unavailable',
    );
  });
});
