import { describe, expect, it } from 'vitest';
import { BATCH_SKIP_REASONS } from '../../domain/shipping/labelBatch.ts';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { batchReasonKey } from './labelBatchMachine.ts';

const textOf = (texts: object, key: string): unknown =>
  key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], texts);

describe('why an item is left out of a batch', () => {
  it.each(BATCH_SKIP_REASONS)('%s has its own text in French and English', (reason) => {
    const key = batchReasonKey(reason);
    expect(key).toMatch(/^labelBatch\.reason/);
    expect(textOf(fr, key)).toEqual(expect.any(String));
    expect(textOf(en, key)).toEqual(expect.any(String));
    expect(textOf(fr, key)).not.toBe(textOf(en, key));
  });

  it('an unknown reason reads as an unexpected error', () => {
    expect(batchReasonKey('SOMETHING_ELSE')).not.toMatch(/^labelBatch\./);
  });
});
