import type {
  AddressFields,
  ContactField,
  ContactFields,
  CriteriaFields,
  InfoFields,
} from '../../domain/newDeposit/depositForm.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';
import type { AddressChanged } from './addressMachine.ts';
import { EMPTY_ADDRESS } from './addressMachine.ts';

/** The form's steps, in order (routes of 1-app-shell.md §2). */
export const STEPS = ['contact', 'criteria', 'info'] as const;
export type Step = (typeof STEPS)[number];

export function stepIndex(step: Step): number {
  return STEPS.indexOf(step);
}

/** A category or brand the criteria step offers. */
export interface ReferenceItem {
  readonly uuid: string;
  readonly name: string;
  /** Family label of a category ('' for every family, and for brands). */
  readonly family: string;
}

export interface ReferenceLists {
  readonly categories: readonly ReferenceItem[];
  readonly brands: readonly ReferenceItem[];
}

/** The saved draft as far as the form needs it: which row, at which version. */
export interface DraftRef {
  readonly uuid: string;
  readonly rowVersion: number;
}

export interface FormValues {
  readonly contact: ContactFields;
  readonly criteria: CriteriaFields;
  readonly info: InfoFields;
  readonly addressPicked: boolean;
  /** The street is typed by hand because the address service failed or was too slow. */
  readonly addressManual: boolean;
}

/** What the restore actor hands back: a fresh form, or the one this browser left. */
export interface Restored extends FormValues {
  readonly token: string;
  readonly customerUuid: string | null;
  readonly draft: DraftRef | null;
  /** Furthest step the visitor may open. */
  readonly reached: Step;
}

/** Answer of a save: the visitor's customer record and the draft's new version. */
export interface Saved {
  readonly customerUuid: string;
  readonly alreadyExisting: boolean;
  readonly draft: DraftRef;
}

export interface NewDepositContext extends FormValues {
  readonly token: string;
  readonly customerUuid: string | null;
  readonly alreadyExisting: boolean;
  readonly draft: DraftRef | null;
  readonly reached: Step;
  /** The step the address bar asked for at load time. */
  readonly requestedStep: Step;
  readonly minChars: number;
  readonly lists: ReferenceLists | null;
  /** Messages under fields show once the visitor tried to go on. */
  readonly showErrors: boolean;
  readonly errorCode: AppErrorCode | null;
  readonly errorReason: string | null;
}

/** What every save sends: the whole form, so the draft always holds every step. */
export interface SaveInput extends FormValues {
  readonly token: string;
  readonly customerUuid: string | null;
  readonly draft: NewDepositContext['draft'];
}

export interface NewDepositInput {
  readonly requestedStep: Step;
  readonly minChars: number;
}

export type CriteriaChoiceField =
  'family' | 'gamme' | 'ageRange' | 'preparationStatus' | 'sellingMode';
export type CriteriaListField = 'seasons' | 'categories' | 'brands';

export type NewDepositEvent =
  | { type: 'newDeposit.editContact'; field: ContactField; value: string }
  | { type: 'newDeposit.editCriteria'; field: CriteriaChoiceField; value: string }
  | { type: 'newDeposit.editItemCount'; value: number | null }
  | { type: 'newDeposit.toggleChoice'; field: CriteriaListField; value: string }
  | { type: 'newDeposit.editInfo'; field: 'depositRecovery' | 'description'; value: string }
  | { type: 'newDeposit.setFlag'; field: 'acceptHomeTakeAway' | 'acceptSendPostal'; value: boolean }
  | { type: 'newDeposit.next' }
  | { type: 'newDeposit.back' }
  | { type: 'newDeposit.goTo'; step: Step }
  | { type: 'newDeposit.retry' }
  | { type: 'newDeposit.restart' }
  | AddressChanged;

export const EMPTY_CONTACT: ContactFields = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  preferedContactWay: '',
  timeBeforeContact: '',
};

export const EMPTY_CRITERIA: CriteriaFields = {
  family: '',
  gamme: '',
  seasons: [],
  categories: [],
  brands: [],
  productNumber: null,
  ageRange: '',
  preparationStatus: '',
  sellingMode: '',
};

export const EMPTY_INFO: InfoFields = {
  address: EMPTY_ADDRESS,
  depositRecovery: '',
  acceptHomeTakeAway: false,
  acceptSendPostal: false,
  description: '',
};

export type { AddressFields };
