import { ScalarType, type DescMessage } from '@bufbuild/protobuf';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { toAppError } from '../../rpc/errors.ts';
import { CustomerSchema, CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { SessionService, UserType } from '../../rpc/gen/seconde/v1/session_pb.ts';
import { VendorSchema, VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { enumLabel } from '../people/labels.ts';
import { ReferralService } from '../../rpc/gen/seconde/v1/referral_pb.ts';
import {
  onboardingMachine,
  type SaveStepInput,
  type SavedAnswers,
  type SponsorCodeInput,
} from './onboardingMachine.ts';
import { stepFields, type Answer, type Answers, type OnboardingStep } from './onboardingSteps.ts';
import { userTypeMachine, type UserTypeChoice } from './userTypeMachine.ts';

type Fields = Record<string, unknown>;

/** A record's onboarding fields as answers: enum labels, yes/no, text (null when unanswered). */
function answersOf(desc: DescMessage, record: Fields, fields: readonly string[]): Answers {
  const answers: Record<string, Answer> = {};
  for (const name of fields) {
    const field = desc.fields.find((f) => f.localName === name);
    const value = record[name];
    if (!field) continue;
    if (field.fieldKind === 'enum') answers[name] = enumLabel(field.enum, Number(value ?? 0));
    else if (typeof value === 'boolean') answers[name] = value;
    else answers[name] = typeof value === 'string' && value !== '' ? value : null;
  }
  return answers;
}

/** Answers back to a partial message of the contract (only the masked fields are read). */
function messageOf(desc: DescMessage, answers: Answers, fields: readonly string[]): Fields {
  const message: Fields = {};
  for (const name of fields) {
    const field = desc.fields.find((f) => f.localName === name);
    const value = answers[name];
    if (!field) continue;
    if (field.fieldKind === 'enum')
      message[name] = field.enum.values.find((v) => v.localName === value)?.number ?? 0;
    else if (field.fieldKind === 'scalar' && field.scalar === ScalarType.BOOL)
      message[name] = value === true;
    else message[name] = typeof value === 'string' ? value : '';
  }
  return message;
}

/** The device the onboarding is answered on, recorded with the first step. */
export function deviceOf(width: number): 'MOBILE' | 'DESKTOP' {
  return width < 768 ? 'MOBILE' : 'DESKTOP';
}

/**
 * The vendor or customer questionnaire over its service: the caller's own record found by
 * identity (RetrieveByIdentity), each step through SaveOnboarding with its fields as the mask, and
 * a typed sponsor code through ReferralService.CreateFromSponsorCode.
 */
export function onboardingLogic(
  clients: ClientFactory,
  kind: 'vendor' | 'customer',
  steps: readonly OnboardingStep[],
) {
  const names = [...new Set(steps.flatMap(stepFields))];
  const load = async (signal: AbortSignal): Promise<SavedAnswers> => {
    const record =
      kind === 'vendor'
        ? await clients.get(VendorService).retrieveByIdentity({}, { signal })
        : await clients.get(CustomerService).retrieveByIdentity({}, { signal });
    const desc = kind === 'vendor' ? VendorSchema : CustomerSchema;
    return { answers: answersOf(desc, record as Fields, names), rowVersion: record.rowVersion };
  };
  const save = async (input: SaveStepInput, signal: AbortSignal): Promise<SavedAnswers> => {
    const desc = kind === 'vendor' ? VendorSchema : CustomerSchema;
    // The answers are the user's own and nobody else writes them, while the record's other
    // writers (the legal-terms acceptance shown over this very screen, staff edits) bump its
    // version: the save names no version (0), so the last answer wins. The server still refuses a
    // stale version when one is given.
    const message = { ...messageOf(desc, input.answers, input.fields), rowVersion: 0 };
    const request = { updateMask: { paths: [...input.fields] }, complete: input.complete };
    const saved =
      kind === 'vendor'
        ? await clients
            .get(VendorService)
            .saveOnboarding({ ...request, vendor: message }, { signal })
        : await clients
            .get(CustomerService)
            .saveOnboarding({ ...request, customer: message }, { signal });
    return { answers: answersOf(desc, saved as Fields, names), rowVersion: saved.rowVersion };
  };
  return onboardingMachine.provide({
    actors: {
      loadAnswers: fromPromise<SavedAnswers>(({ signal }) => load(signal)),
      saveStep: fromPromise<SavedAnswers, SaveStepInput>(({ input, signal }) =>
        save(input, signal),
      ),
      // The vendor questionnaire's sponsor code, recorded on its own (the server refuses in words).
      applySponsorCode: fromPromise<unknown, SponsorCodeInput>(({ input, signal }) =>
        clients.get(ReferralService).createFromSponsorCode({ sponsorCode: input.code }, { signal }),
      ),
    },
  });
}

const USER_TYPES: Record<UserTypeChoice, UserType> = {
  VENDOR: UserType.VENDOR,
  CUSTOMER: UserType.CUSTOMER,
};

/**
 * The user-type choice over SessionService.ChooseUserType. A record made meanwhile (another tab)
 * counts as done: the reloaded session then says which type the user really is.
 */
export function userTypeLogic(clients: ClientFactory) {
  const session = clients.get(SessionService);
  return userTypeMachine.provide({
    actors: {
      chooseUserType: fromPromise<void, { userType: UserTypeChoice }>(async ({ input, signal }) => {
        try {
          await session.chooseUserType({ userType: USER_TYPES[input.userType] }, { signal });
        } catch (error) {
          if (toAppError(error).reason !== 'USER_TYPE_ALREADY_CHOSEN') throw error;
        }
      }),
    },
  });
}
