import type { AppErrorCode } from '../../rpc/errors.ts';
import type { CorrectionField, EntryContent } from '../../domain/policeRegister/correction.ts';
import type { Corrected, Correction } from './correctionParts.ts';

/** One line of the register as the page shows it. */
export interface RegisterRow {
  readonly uuid: string;
  readonly number: number;
  readonly enteredAt: number;
  readonly kind: 'DEPOSIT' | 'PURCHASE' | 'CORRECTION' | 'RESTITUTION';
  readonly correctsNumber: number | null;
  readonly correctionReason: string;
  readonly item: string;
  readonly priceCents: number;
  readonly depositor: string;
  readonly idDocument: string;
  /** What the entry records, field by field: the correction screen starts from it. */
  readonly content: EntryContent;
}

export interface RegisterQuery {
  readonly vendor: string;
  readonly from: string;
  readonly to: string;
  readonly page: number;
  readonly pageSize: number;
}

export interface RegisterPage {
  readonly rows: readonly RegisterRow[];
  readonly count: number;
  readonly holderName: string;
}

/** What the chain walk said: intact, or the first entry that breaks it and why. */
export interface RegisterVerdict {
  readonly intact: boolean;
  readonly checked: number;
  readonly brokenNumber: number;
  readonly reason: string;
}

export type RegisterFormat = 'PDF' | 'CSV';

export interface RegisterContext extends RegisterPage {
  /** The vendor staff chose; empty for a vendor reading their own register. */
  readonly vendor: string;
  readonly staff: boolean;
  readonly from: string;
  readonly to: string;
  readonly page: number;
  readonly pageSize: number;
  readonly verdict: RegisterVerdict | null;
  readonly exporting: RegisterFormat | null;
  /** The last file saved. */
  readonly exported: string | null;
  /** The correction screen, open on one entry. */
  readonly correction: Correction | null;
  /** The last correction written, said above the list. */
  readonly corrected: Corrected | null;
  /** Why the last verify or export failed; the list stays. */
  readonly refusal: AppErrorCode | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type RegisterEvent =
  | { type: 'register.setVendor'; vendor: string }
  | { type: 'register.setPeriod'; from: string; to: string }
  | { type: 'register.show' }
  | { type: 'register.page'; page: number }
  | { type: 'register.retry' }
  | { type: 'register.verify' }
  | { type: 'register.export'; format: RegisterFormat }
  | { type: 'register.correct'; entry: string }
  | { type: 'correction.set'; field: CorrectionField; value: string }
  | { type: 'correction.submit' }
  | { type: 'correction.cancel' };
