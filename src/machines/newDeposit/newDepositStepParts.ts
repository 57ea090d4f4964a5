import type { NewDepositContext, SaveInput } from './newDepositTypes.ts';

/** What every save sends: the whole form, so the draft always holds every step. */
export const saveInput = ({ context }: { context: NewDepositContext }): SaveInput => ({
  token: context.token,
  customerUuid: context.customerUuid,
  draft: context.draft,
  contact: context.contact,
  criteria: context.criteria,
  info: context.info,
  addressPicked: context.addressPicked,
  addressManual: context.addressManual,
});

/** Edits accepted while a step is shown (editing or after a failed save). */
export const EDITS = {
  'newDeposit.editContact': { actions: 'assignContact' },
  'newDeposit.editCriteria': { actions: 'assignCriteria' },
  'newDeposit.editItemCount': { actions: 'assignItemCount' },
  'newDeposit.toggleChoice': { actions: 'toggleChoice' },
  'newDeposit.editInfo': { actions: 'assignInfo' },
  'newDeposit.setFlag': { actions: 'assignFlag' },
  'address.changed': { actions: 'assignAddress' },
  'newDeposit.goTo': [
    { guard: 'canGoToContact', target: '#newDeposit.contact' },
    { guard: 'canGoToCriteria', target: '#newDeposit.criteria' },
    { guard: 'canGoToInfo', target: '#newDeposit.info' },
  ],
} as const;

/** A refused or failed save stays on its step, in `failed`, with the error's code. */
export const onSaveError = {
  target: 'failed',
  actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event },
} as const;
