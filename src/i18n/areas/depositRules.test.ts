import { describe, expect, it } from 'vitest';
import { RULE_CODES, ruleI18nKey } from '../../domain/deposit/rules.ts';
import { DEPOSIT_STATUSES, SALE_STATUSES } from '../../domain/deposit/statuses.ts';
import {
  DEPOSIT_ENUMS,
  depositStatusI18nKey,
  enumI18nKey,
  enumLabels,
  saleStatusI18nKey,
} from '../../machines/deposit/enums.ts';
import { createI18n } from '../index.ts';

const languages = ['fr', 'en'] as const;

describe('deposit rule texts', () => {
  it.each(languages)('has a text for every refusal code in %s', (language) => {
    const i18n = createI18n(language);
    for (const code of RULE_CODES) {
      expect(i18n.exists(ruleI18nKey(code), { fallbackLng: [] }), `${language} ${code}`).toBe(true);
    }
  });

  it.each(languages)('names every deposit and sale status and enum label in %s', (language) => {
    const i18n = createI18n(language);
    const keys = [
      ...DEPOSIT_STATUSES.map(depositStatusI18nKey),
      ...SALE_STATUSES.map(saleStatusI18nKey),
      ...Object.entries(DEPOSIT_ENUMS).flatMap(([name, { values }]) =>
        enumLabels(values).map((label) => enumI18nKey(name as keyof typeof DEPOSIT_ENUMS, label)),
      ),
    ];
    for (const key of keys) expect(i18n.exists(key, { fallbackLng: [] }), key).toBe(true);
  });

  it('says different things in French and English', () => {
    const fr = createI18n('fr');
    const en = createI18n('en');
    for (const code of RULE_CODES)
      expect(fr.t(ruleI18nKey(code))).not.toBe(en.t(ruleI18nKey(code)));
  });
});
