import type { ContextFrom, EmittedFrom, EventFrom } from 'xstate';
import { recordFormMachine, type RecordFormSaveInput } from '../shared/recordFormMachine.ts';
import {
  changedFields,
  draftOf,
  normalise,
  validateProfileDraft,
  type ProfileDraft,
  type ProfileField,
  type ProfileRecord,
} from './profileForm.ts';

/**
 * The signed-in vendor's own profile (`/edit-profile`): load the record, edit it in a draft with
 * field rules, save the changed fields through a partial update guarded by row_version. A stale
 * version stops in `stale`, where the only way on is to reload; a refused save is only announced.
 * The view starts it only for a signed-in user with a vendor record.
 */
export const profileMachine = recordFormMachine(
  { draftOf, validate: validateProfileDraft, normalise, changedFields },
  {
    id: 'profile',
    idKey: 'vendorUuid',
    recordKey: 'record',
    load: 'loadProfile',
    save: 'saveProfile',
  },
  { viewing: false },
);

export type ProfileContext = ContextFrom<typeof profileMachine>;
export type ProfileEvent = EventFrom<typeof profileMachine>;
export type ProfileEmitted = EmittedFrom<typeof profileMachine>;
export type SaveProfileInput = RecordFormSaveInput<
  'record',
  ProfileRecord,
  ProfileDraft,
  ProfileField
>;
