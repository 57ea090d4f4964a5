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

/**
 * The keeper of what is typed, invoked by each step (it is stopped with the step, so nothing is
 * kept after the request is sent).
 */
export const KEEP_TYPED = { id: 'keepTyped', src: 'keepTyped' } as const;

/** Edits accepted while a step is shown (editing or after a failed save); each is kept as typed. */
export const EDITS = {
  'newDeposit.editContact': { actions: ['assignContact', 'keepTyped'] },
  'newDeposit.editCriteria': { actions: ['assignCriteria', 'keepTyped'] },
  'newDeposit.editItemCount': { actions: ['assignItemCount', 'keepTyped'] },
  'newDeposit.toggleChoice': { actions: ['toggleChoice', 'keepTyped'] },
  'newDeposit.editInfo': { actions: ['assignInfo', 'keepTyped'] },
  'newDeposit.setFlag': { actions: ['assignFlag', 'keepTyped'] },
  'address.changed': { actions: ['assignAddress', 'keepTyped'] },
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
