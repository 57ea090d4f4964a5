import {
  hasErrors,
  validateContact,
  validateCriteria,
  validateInfo,
} from '../../domain/newDeposit/depositForm.ts';
import {
  stepIndex,
  type NewDepositContext,
  type NewDepositEvent,
  type Step,
} from './newDepositTypes.ts';

type Args = { readonly context: NewDepositContext; readonly event: NewDepositEvent };

/** A step may be left forward only when valid, and reopened only once it was reached. */
export const newDepositGuards = {
  isContactValid: ({ context }: Args) => !hasErrors(validateContact(context.contact)),
  isCriteriaValid: ({ context }: Args) => !hasErrors(validateCriteria(context.criteria)),
  isInfoValid: ({ context }: Args) =>
    !hasErrors(validateInfo(context.info, context.addressPicked || context.addressManual)),
  hasLists: ({ context }: Args) => context.lists !== null,
  opensAt: ({ context }: Args, params: { step: Step }) =>
    (stepIndex(context.requestedStep) <= stepIndex(context.reached)
      ? context.requestedStep
      : context.reached) === params.step,
  canGoToContact: ({ event }: Args) => event.type === 'newDeposit.goTo' && event.step === 'contact',
  canGoToCriteria: ({ context, event }: Args) =>
    event.type === 'newDeposit.goTo' &&
    event.step === 'criteria' &&
    stepIndex(context.reached) >= stepIndex('criteria'),
  canGoToInfo: ({ context, event }: Args) =>
    event.type === 'newDeposit.goTo' &&
    event.step === 'info' &&
    stepIndex(context.reached) >= stepIndex('info'),
};
