import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES, errorI18nKey, REASON_I18N_KEYS } from '../rpc/errors.ts';
import type { SessionErrorCode } from '../machines/session/sessionTypes.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { createI18n } from './index.ts';
import { roleKey } from './keys.ts';

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
function flatten(tree: object, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [path]: value }
      : { ...flat, ...flatten(value as object, path) };
  }, {});
}

const frKeys = flatten(fr);
const enKeys = flatten(en);
const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('every key exists in both languages', () => {
    expect(Object.keys(enKeys).sort()).toEqual(Object.keys(frKeys).sort());
  });

  it('keys are area.item', () => {
    for (const key of Object.keys(frKeys)) expect(key).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('no text is empty and both languages use the same placeholders', () => {
    for (const [key, text] of Object.entries(frKeys)) {
      expect(text.trim(), key).not.toBe('');
      expect(enKeys[key]?.trim(), key).not.toBe('');
      expect(variables(enKeys[key] ?? ''), key).toEqual(variables(text));
    }
  });

  const sessionCodes: SessionErrorCode[] = [
    ...APP_ERROR_CODES,
    'restoreFailed',
    'signInFailed',
    'signOutFailed',
    'watchFailed',
  ];
  it.each(sessionCodes)('has a text for the error code %s', (code) => {
    expect(frKeys).toHaveProperty([errorI18nKey(code)]);
  });

  it.each(Object.values(REASON_I18N_KEYS))('has a text for the reason key %s', (key) => {
    expect(frKeys).toHaveProperty([key]);
    expect(enKeys).toHaveProperty([key]);
  });

  it.each(['Developer', 'Admin', 'Vendor', 'Customer', null] as const)(
    'has a text for the role %s',
    (role) => {
      expect(frKeys).toHaveProperty([roleKey(role)]);
    },
  );
});

describe('createI18n', () => {
  it('speaks French by default and English on request', async () => {
    const i18n = createI18n();
    expect(i18n.t('session.signOut')).toBe('Se déconnecter');
    await i18n.changeLanguage('en');
    expect(i18n.t('session.signOut')).toBe('Sign out');
  });

  it('does not escape interpolated names (React does)', () => {
    const i18n = createI18n('fr');
    expect(i18n.t('dashboard.userName', { firstName: 'Zoé', lastName: "O'Brien & Fils" })).toBe(
      "Zoé O'Brien & Fils",
    );
  });
});
