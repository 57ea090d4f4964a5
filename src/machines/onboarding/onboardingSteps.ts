import {
  CUSTOMER_REQUIRED_ANSWERS,
  HOW_DID_YOU_KNOW_SOURCES,
  VENDOR_REQUIRED_ANSWERS,
} from '../../domain/onboarding.ts';
import { normalizeSponsorCode } from '../../domain/referral/sponsorCode.ts';

/** An answer as the form holds it: an enum label ('BOTH'), a source label, or a yes/no. */
export type Answer = string | boolean | null;
export type Answers = Readonly<Record<string, Answer>>;

/** How one question is asked: a few choices side by side, a longer list, a yes/no box, or text. */
export type QuestionKind = 'radio' | 'select' | 'checkbox' | 'text';

/** One offered answer: the contract's enum label and the item of its translation key. */
export interface Option {
  readonly value: string;
  /** Key item after the field (`onboarding.stockQuantity` + `Small`); letters only. */
  readonly item: string;
}

export interface Question {
  /** Contract field name (camelCase), also the item of its translation keys. */
  readonly field: string;
  readonly kind: QuestionKind;
  /** Answers offered, in order (none for a checkbox). */
  readonly options: readonly Option[];
  readonly required: boolean;
  /**
   * Sent through its own call before the step is saved, never saved with the step's fields: the
   * sponsor code a new vendor types (ReferralService.CreateFromSponsorCode).
   */
  readonly ownCall?: boolean;
}

export interface OnboardingStep {
  /** Item of the step's title key (`onboarding.stepActivity`). */
  readonly id: string;
  readonly questions: readonly Question[];
  /** Fields saved with the step without being asked (the device the onboarding is done on). */
  readonly recorded?: readonly string[];
}

/** `['BOTH', ['LESS_THAN_5H', 'underFive']]`: a plain label names its own key item. */
type OptionSpec = string | readonly [string, string];
const optionOf = (spec: OptionSpec): Option =>
  typeof spec === 'string'
    ? {
        value: spec,
        item: spec.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      }
    : { value: spec[0], item: spec[1] };

const choice = (
  field: string,
  kind: 'radio' | 'select',
  options: readonly OptionSpec[],
  required: readonly string[],
): Question => ({
  field,
  kind,
  options: options.map(optionOf),
  required: required.includes(field),
});
const box = (field: string): Question => ({
  field,
  kind: 'checkbox',
  options: [],
  required: false,
});

/** The optional sponsor code of the vendor who recommended Seconde (docs/decisions.md). */
const sponsorCode: Question = {
  field: 'sponsoredByCode',
  kind: 'text',
  options: [],
  required: false,
  ownCall: true,
};

const V = VENDOR_REQUIRED_ANSWERS as readonly string[];
const C = CUSTOMER_REQUIRED_ANSWERS as readonly string[];
const SOURCES = HOW_DID_YOU_KNOW_SOURCES;

/**
 * The vendor questionnaire (2-business-data.md §4 "Vendor profile enumerations"): what they sell
 * and how much time they give it, their stock and what they expect, then how they heard of us.
 * Selling time offers the four weekly brackets; the older full-time/part-time values stay
 * readable but are no longer asked.
 */
export const VENDOR_STEPS: readonly OnboardingStep[] = [
  {
    id: 'activity',
    questions: [
      choice('sellingMode', 'radio', ['DEPOSIT_SELL', 'RESELL', 'BOTH'], V),
      choice('vendorKind', 'radio', ['BEGINNER', 'OCCASIONAL', 'REGULAR'], V),
      choice(
        'sellingTimePerWeek',
        'radio',
        [
          ['LESS_THAN_5H', 'underFive'],
          ['BETWEEN_5H_AND_10H', 'fiveToTen'],
          ['BETWEEN_10H_AND_20H', 'tenToTwenty'],
          ['MORE_THAN_20H', 'overTwenty'],
        ],
        V,
      ),
    ],
    recorded: ['onboardingDevice'],
  },
  {
    id: 'stock',
    questions: [
      choice(
        'stockQuantity',
        'radio',
        [
          ['UNDER_250', 'small'],
          ['BETWEEN_250_AND_1000', 'medium'],
          ['BETWEEN_1000_AND_10000', 'large'],
          ['OVER_10000', 'huge'],
        ],
        V,
      ),
      choice('inventorySupport', 'radio', ['SPREADSHEET', 'OTHER', 'NONE'], V),
      choice(
        'monthlyEarningExpectation',
        'radio',
        [
          ['UNDER_200', 'low'],
          ['BETWEEN_200_AND_500', 'medium'],
          ['BETWEEN_500_AND_1000', 'high'],
          ['OVER_1000', 'veryHigh'],
        ],
        V,
      ),
    ],
  },
  {
    id: 'discovery',
    questions: [
      choice('marketplaceInterest', 'radio', ['INTERESTED', 'MAYBE', 'NOT_INTERESTED'], V),
      choice('howDidYouKnowProvider', 'select', SOURCES, V),
      sponsorCode,
    ],
  },
];

/** The customer questionnaire: how to reach them, then how items are handed over and consents. */
export const CUSTOMER_STEPS: readonly OnboardingStep[] = [
  {
    id: 'contact',
    questions: [
      choice(
        'preferedContactWay',
        'radio',
        ['EMAIL', 'PHONE_CALL', 'PHONE_MESSAGE', 'WHATS_APP'],
        C,
      ),
      choice(
        'ageRange',
        'select',
        [
          ['BABY_0_24_MONTHS', 'baby'],
          ['CHILD_2_10', 'child'],
          ['ADOLESCENT_11_17', 'teenager'],
          ['YOUNG_ADULT_18_25', 'youngAdult'],
          ['ADULT_25_45', 'adult'],
          ['ADULT_45_AND_OVER', 'senior'],
          'NOT_SORTED',
        ],
        C,
      ),
    ],
  },
  {
    id: 'handover',
    questions: [
      box('acceptHomeTakeAway'),
      box('acceptSendPostal'),
      box('acceptToBeContacted'),
      box('registerToCustomerNewsletter'),
      choice('howDidYouKnowProvider', 'select', SOURCES, C),
    ],
  },
];

/** Every field a step saves: its questions (but those sent alone) and what it records on its own. */
export function stepFields(step: OnboardingStep): string[] {
  return [
    ...step.questions.filter((q) => !q.ownCall).map((q) => q.field),
    ...(step.recorded ?? []),
  ];
}

/** The sponsor code typed on a step, normalized; '' when the step asks none or it is left empty. */
export function sponsorCodeOf(step: OnboardingStep, answers: Answers): string {
  const question = step.questions.find((q) => q.ownCall);
  const value = question ? answers[question.field] : null;
  return typeof value === 'string' ? normalizeSponsorCode(value) : '';
}

/** Required questions of a step still without an answer. */
export function missingAnswers(step: OnboardingStep, answers: Answers): string[] {
  return step.questions
    .filter((q) => q.required)
    .map((q) => q.field)
    .filter(
      (field) => answers[field] === null || answers[field] === undefined || answers[field] === '',
    );
}
