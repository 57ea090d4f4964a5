import type { ContextFrom, EmittedFrom, EventFrom } from 'xstate';
import { recordFormMachine, type RecordFormSaveInput } from '../shared/recordFormMachine.ts';
import {
  changedFields,
  draftOf,
  fieldOfRefusal,
  normalise,
  validateCustomerDraft,
  type CustomerDraft,
  type CustomerField,
} from './customerForm.ts';
import type { CustomerRow } from './peopleRows.ts';

/**
 * A customer's information page: load, show, edit in a draft with field rules, save the changed
 * fields through a partial update guarded by row_version. A stale version stops in `stale`, where
 * the only way on is to reload what someone else saved; an IBAN or BIC the server refuses goes
 * back to `editing` with the reason on its field; any other refused save with its code.
 */
export const customerMachine = recordFormMachine(
  { draftOf, validate: validateCustomerDraft, normalise, changedFields, fieldOfRefusal },
  {
    id: 'customer',
    idKey: 'uuid',
    recordKey: 'customer',
    load: 'loadCustomer',
    save: 'saveCustomer',
  },
  { viewing: true },
);

export type CustomerContext = ContextFrom<typeof customerMachine>;
export type CustomerEvent = EventFrom<typeof customerMachine>;
export type CustomerEmitted = EmittedFrom<typeof customerMachine>;
export type SaveCustomerInput = RecordFormSaveInput<
  'customer',
  CustomerRow,
  CustomerDraft,
  CustomerField
>;
