import {
  contentOf,
  correctionProblems,
  draftOf,
  type CorrectionDraft,
  type CorrectionField,
  type EntryContent,
} from '../../domain/policeRegister/correction.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';

/** The entry being corrected on the correction screen, and what the user typed. */
export interface Correction {
  readonly entry: string;
  readonly number: number;
  readonly original: EntryContent;
  readonly draft: CorrectionDraft;
  /** Why the server refused the last try; the draft stays. */
  readonly refusal: AppErrorCode | null;
}

/** What `correctEntry` sends: a new entry naming the corrected one (append-only, R.321-6-1). */
export interface CorrectionRequest {
  readonly vendor: string;
  readonly entry: string;
  readonly reason: string;
  readonly content: EntryContent;
}

/** The correction the server wrote: its number, and the one it corrects. */
export interface Corrected {
  readonly number: number;
  readonly corrects: number;
}

/** The screen opened on one of the shown rows: its content as the draft, the reason empty. */
export function correctionOf(
  rows: readonly {
    readonly uuid: string;
    readonly number: number;
    readonly content: EntryContent;
  }[],
  entry: string,
): Correction | null {
  const row = rows.find((r) => r.uuid === entry);
  return row
    ? {
        entry: row.uuid,
        number: row.number,
        original: row.content,
        draft: draftOf(row.content),
        refusal: null,
      }
    : null;
}

export function withField(
  correction: Correction,
  field: CorrectionField,
  value: string,
): Correction {
  return { ...correction, draft: { ...correction.draft, [field]: value }, refusal: null };
}

/** Nothing stops it: every field within its limits, a reason, a change. */
export const isCorrectionReady = (correction: Correction) =>
  Object.keys(correctionProblems(correction.draft, correction.original)).length === 0;

export function correctionRequest(context: {
  readonly vendor: string;
  readonly correction: Correction | null;
}): CorrectionRequest {
  const correction = context.correction!;
  return {
    vendor: context.vendor,
    entry: correction.entry,
    reason: correction.draft.reason.trim(),
    content: contentOf(correction.draft),
  };
}
