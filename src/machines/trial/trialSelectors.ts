import type { SnapshotFrom } from 'xstate';
import { trialDaysLeft } from '../../domain/subscriptionAccess.ts';
import { errorI18nKey } from '../../rpc/errors.ts';
import type { trialMachine } from './trialMachine.ts';

type Snapshot = SnapshotFrom<typeof trialMachine>;

/** Narrow reads of the trial actor, one primitive each, for `useSelector`. */
export const selectInTrial = (s: Snapshot): boolean => s.hasTag('inTrial');
export const selectDaysLeft = (s: Snapshot): number =>
  s.hasTag('inTrial') && s.context.trialStart !== null && s.context.now !== null
    ? trialDaysLeft({ trialStart: new Date(s.context.trialStart) }, new Date(s.context.now))
    : 0;
export const selectIsConfirming = (s: Snapshot): boolean => s.hasTag('confirming');
export const selectIsTerminating = (s: Snapshot): boolean => s.hasTag('busy');
export const selectIsTerminated = (s: Snapshot): boolean => s.hasTag('terminated');
export const selectCanTerminate = (s: Snapshot): boolean => s.can({ type: 'trial.terminate' });
export const selectCanConfirm = (s: Snapshot): boolean => s.can({ type: 'trial.confirm' });
export const selectTrialErrorKey = (s: Snapshot): string | null =>
  s.context.errorCode === null ? null : errorI18nKey(s.context.errorCode);
