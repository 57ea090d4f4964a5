import {
  assign,
  sendTo,
  type AnyActorRef,
  type AssignArgs,
  type ParameterizedObject,
} from 'xstate';
import { saveInput } from './newDepositStepParts.ts';
import { normalizePhone } from '../../domain/newDeposit/depositForm.ts';
import { toAppError } from '../../rpc/errors.ts';
import {
  stepIndex,
  type NewDepositContext,
  type NewDepositEvent,
  type ReferenceLists,
  type Restored,
  type Saved,
  type SaveInput,
  type Step,
} from './newDepositTypes.ts';

/** `assign` bound to the new-deposit machine's context and events, with typed params. */
const update = <TParams extends ParameterizedObject['params'] | undefined = undefined>(
  assigner: (
    args: AssignArgs<NewDepositContext, NewDepositEvent, NewDepositEvent, never>,
    params: TParams,
  ) => Partial<NewDepositContext>,
) => assign<NewDepositContext, NewDepositEvent, TParams, NewDepositEvent, never>(assigner);

const later = (a: Step, b: Step): Step => (stepIndex(a) >= stepIndex(b) ? a : b);

/** The new-deposit machine's actions: they only assign what the visitor typed or the server said. */
export const newDepositActions = {
  assignRestored: update((_, params: { restored: Restored }) => ({
    ...params.restored,
    alreadyExisting: false,
  })),
  assignSaved: update(({ context }, params: { saved: Saved; reached: Step }) => ({
    customerUuid: params.saved.customerUuid,
    alreadyExisting: params.saved.alreadyExisting,
    draft: params.saved.draft,
    reached: later(context.reached, params.reached),
    showErrors: false,
  })),
  assignLists: update((_, params: { lists: ReferenceLists }) => ({ lists: params.lists })),
  assignContact: update(({ context, event }) => {
    if (event.type !== 'newDeposit.editContact') return {};
    const value = event.field === 'phoneNumber' ? normalizePhone(event.value) : event.value;
    return { contact: { ...context.contact, [event.field]: value } };
  }),
  assignCriteria: update(({ context, event }) => {
    if (event.type !== 'newDeposit.editCriteria') return {};
    const criteria = { ...context.criteria, [event.field]: event.value };
    if (event.field !== 'family' || event.value === 'MIXED') return { criteria };
    // Categories of another family no longer apply.
    const kept = new Set(
      (context.lists?.categories ?? [])
        .filter((c) => c.family === '' || c.family === event.value)
        .map((c) => c.uuid),
    );
    return {
      criteria: { ...criteria, categories: criteria.categories.filter((c) => kept.has(c)) },
    };
  }),
  assignItemCount: update(({ context, event }) =>
    event.type === 'newDeposit.editItemCount'
      ? { criteria: { ...context.criteria, productNumber: event.value } }
      : {},
  ),
  toggleChoice: update(({ context, event }) => {
    if (event.type !== 'newDeposit.toggleChoice') return {};
    const list = context.criteria[event.field];
    const next = list.includes(event.value)
      ? list.filter((v) => v !== event.value)
      : [...list, event.value];
    return { criteria: { ...context.criteria, [event.field]: next } };
  }),
  assignInfo: update(({ context, event }) =>
    event.type === 'newDeposit.editInfo'
      ? { info: { ...context.info, [event.field]: event.value } }
      : {},
  ),
  assignFlag: update(({ context, event }) =>
    event.type === 'newDeposit.setFlag'
      ? { info: { ...context.info, [event.field]: event.value } }
      : {},
  ),
  assignAddress: update(({ context, event }) =>
    event.type === 'address.changed'
      ? {
          info: { ...context.info, address: event.value },
          addressPicked: event.picked,
          addressManual: event.manual,
        }
      : {},
  ),
  /** Hands the form as typed to the step's keeper, which writes it to the browser's storage. */
  keepTyped: sendTo<NewDepositContext, NewDepositEvent, undefined, AnyActorRef, NewDepositEvent>(
    'keepTyped',
    ({ context }: { context: NewDepositContext }): { type: 'keep'; values: SaveInput } => ({
      type: 'keep',
      values: saveInput({ context }),
    }),
  ),
  showErrors: update(() => ({ showErrors: true })),
  hideErrors: update(() => ({ showErrors: false })),
  assignError: update((_, params: { error: unknown }) => {
    const error = toAppError(params.error);
    return { errorCode: error.code, errorReason: error.reason ?? null };
  }),
  clearError: update(() => ({ errorCode: null, errorReason: null })),
};
