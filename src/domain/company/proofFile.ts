/**
 * The proof of registration (Kbis, extrait d'immatriculation) a company administrator uploads: a
 * PDF, JPEG or PNG, told apart by its first bytes rather than by the type or name the browser
 * declares, so a renamed text file is refused.
 */

/** The largest proof accepted: a scanned Kbis is a few hundred kilobytes. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

/** What the file input offers. */
export const PROOF_ACCEPT = '.pdf,.jpg,.jpeg,.png';

export const PROOF_KINDS = {
  pdf: { contentType: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  jpg: { contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  png: { contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
} as const;

export type ProofKind = keyof typeof PROOF_KINDS;

/** Why a proof is refused; both name the `data` field. */
export type ProofReason = 'PROOF_FILE_TYPE' | 'PROOF_FILE_SIZE';

/** The kind the file's first bytes say, or null when it is none of the accepted ones. */
export function proofKind(data: Uint8Array): ProofKind | null {
  for (const [kind, { magic }] of Object.entries(PROOF_KINDS) as [
    ProofKind,
    (typeof PROOF_KINDS)[ProofKind],
  ][]) {
    if (data.length >= magic.length && magic.every((byte, i) => data[i] === byte)) return kind;
  }
  return null;
}

/** The first rule the file breaks: empty or too big, then not a PDF, JPEG or PNG. */
export function proofProblem(data: Uint8Array): ProofReason | undefined {
  if (data.length === 0 || data.length > PROOF_MAX_BYTES) return 'PROOF_FILE_SIZE';
  if (!proofKind(data)) return 'PROOF_FILE_TYPE';
  return undefined;
}
