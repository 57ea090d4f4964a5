/**
 * Text keys of the vendor onboarding answers. Their contract labels hold digits
 * (`BETWEEN_5H_AND_10H`), which translation keys may not, so each has a named key.
 */
const SELLING_TIME: Readonly<Record<string, string>> = {
  LESS_THAN_5H: 'pages.timeUnderFive',
  BETWEEN_5H_AND_10H: 'pages.timeFiveToTen',
  BETWEEN_10H_AND_20H: 'pages.timeTenToTwenty',
  MORE_THAN_20H: 'pages.timeOverTwenty',
  COMPLETE_TIME: 'pages.timeFull',
  PARTIAL_TIME: 'pages.timePartial',
  TIME_TO_TIME: 'pages.timeOccasional',
};

const STOCK_QUANTITY: Readonly<Record<string, string>> = {
  UNDER_250: 'pages.stockSmall',
  BETWEEN_250_AND_1000: 'pages.stockMedium',
  BETWEEN_1000_AND_10000: 'pages.stockLarge',
  OVER_10000: 'pages.stockHuge',
};

const EXPERIENCE: Readonly<Record<string, string>> = {
  REGULAR: 'pages.experienceRegular',
  OCCASIONAL: 'pages.experienceOccasional',
  BEGINNER: 'pages.experienceBeginner',
};

const ANSWERS = {
  sellingTime: SELLING_TIME,
  stockQuantity: STOCK_QUANTITY,
  experience: EXPERIENCE,
} as const;

/** The key of an answer; "not answered" for none (or a value this screen does not know yet). */
export function answerKey(question: keyof typeof ANSWERS, label: string | null): string {
  return (label && ANSWERS[question][label]) || 'pages.notAnswered';
}
