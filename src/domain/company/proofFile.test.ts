import { describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, proofKind, proofProblem } from './proofFile.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('proof of registration file', () => {
  it('recognises a PDF, a JPEG and a PNG by their first bytes', () => {
    expect(proofKind(text('%PDF-1.7\n…'))).toBe('pdf');
    expect(proofKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpg');
    expect(proofKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
  });

  it('refuses a text file whatever its name, and a truncated signature', () => {
    expect(proofProblem(text('Kbis de la société, version texte'))).toBe('PROOF_FILE_TYPE');
    expect(proofProblem(text('%PDF'))).toBe('PROOF_FILE_TYPE');
    expect(proofProblem(bytes(0x89, 0x50, 0x4e, 0x47))).toBe('PROOF_FILE_TYPE');
  });

  it('refuses an empty file and one over 10 MB, and takes one of exactly 10 MB', () => {
    expect(proofProblem(new Uint8Array(0))).toBe('PROOF_FILE_SIZE');
    const limit = new Uint8Array(PROOF_MAX_BYTES);
    limit.set(text('%PDF-1.4'));
    expect(proofProblem(limit)).toBeUndefined();
    const over = new Uint8Array(PROOF_MAX_BYTES + 1);
    over.set(text('%PDF-1.4'));
    expect(proofProblem(over)).toBe('PROOF_FILE_SIZE');
  });
});
