import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ONBOARDING_FIELDS,
  CUSTOMER_REQUIRED_ANSWERS,
  VENDOR_ONBOARDING_FIELDS,
  VENDOR_REQUIRED_ANSWERS,
} from '../../domain/onboarding.ts';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { CustomerSchema } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { VendorSchema } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import {
  CUSTOMER_STEPS,
  VENDOR_STEPS,
  missingAnswers,
  sponsorCodeOf,
  stepFields,
  type OnboardingStep,
} from './onboardingSteps.ts';

const capital = (item: string) => `${item.charAt(0).toUpperCase()}${item.slice(1)}`;

describe.each([
  ['vendor', VENDOR_STEPS, VENDOR_ONBOARDING_FIELDS, VENDOR_REQUIRED_ANSWERS, VendorSchema],
  [
    'customer',
    CUSTOMER_STEPS,
    CUSTOMER_ONBOARDING_FIELDS,
    CUSTOMER_REQUIRED_ANSWERS,
    CustomerSchema,
  ],
] as const)('the %s questionnaire', (_, steps, fields, required, schema) => {
  const all = (steps as readonly OnboardingStep[]).flatMap(stepFields);

  it('saves exactly the onboarding fields the server accepts, each once', () => {
    expect([...all].sort()).toEqual([...fields].sort());
  });

  it('asks every answer the server needs to complete, as a required question', () => {
    const asked = steps.flatMap((s) => s.questions.filter((q) => q.required).map((q) => q.field));
    expect([...asked].sort()).toEqual([...required].sort());
  });

  it('offers only values of the contract enums', () => {
    // A question sent through its own call (the sponsor code) is no field of the record.
    for (const q of steps.flatMap((s) => s.questions).filter((q) => !q.ownCall)) {
      const field = schema.fields.find((f) => f.localName === q.field);
      expect(field, q.field).toBeDefined();
      if (field?.fieldKind === 'enum')
        for (const o of q.options)
          expect(
            field.enum.values.map((v) => v.localName),
            q.field,
          ).toContain(o.value);
    }
  });

  it('has a text for every step, question and answer in both languages', () => {
    for (const texts of [fr.onboarding, en.onboarding] as Record<string, string>[]) {
      for (const step of steps) {
        expect(texts, step.id).toHaveProperty(`step${capital(step.id)}`);
        for (const q of step.questions) {
          expect(texts).toHaveProperty(`${q.field}Question`);
          for (const o of q.options) expect(texts).toHaveProperty(`${q.field}${capital(o.item)}`);
        }
      }
    }
  });
});

describe('missingAnswers', () => {
  const step = VENDOR_STEPS[0]!;
  it('lists the required questions without an answer, and only those', () => {
    expect(missingAnswers(step, {})).toEqual(['sellingMode', 'vendorKind', 'sellingTimePerWeek']);
    expect(
      missingAnswers(step, { sellingMode: 'BOTH', vendorKind: '', sellingTimePerWeek: null }),
    ).toEqual(['vendorKind', 'sellingTimePerWeek']);
    expect(
      missingAnswers(step, {
        sellingMode: 'BOTH',
        vendorKind: 'REGULAR',
        sellingTimePerWeek: 'MORE_THAN_20H',
      }),
    ).toEqual([]);
  });
});

describe('the sponsor code', () => {
  const last = VENDOR_STEPS.at(-1)!;

  it('is an optional text of the vendor questionnaire’s last step, never saved with the step', () => {
    expect(last.questions.find((q) => q.ownCall)).toMatchObject({
      field: 'sponsoredByCode',
      kind: 'text',
      required: false,
    });
    expect(stepFields(last)).not.toContain('sponsoredByCode');
    expect(CUSTOMER_STEPS.flatMap((s) => s.questions).some((q) => q.ownCall)).toBe(false);
  });

  it('is read without case, spaces or dashes, and empty when left blank', () => {
    expect(sponsorCodeOf(last, { sponsoredByCode: ' ab2c-d3ef gh ' })).toBe('AB2CD3EFGH');
    expect(sponsorCodeOf(last, { sponsoredByCode: '   ' })).toBe('');
    expect(sponsorCodeOf(last, {})).toBe('');
    expect(sponsorCodeOf(VENDOR_STEPS[0]!, { sponsoredByCode: 'ABC' })).toBe('');
  });
});
