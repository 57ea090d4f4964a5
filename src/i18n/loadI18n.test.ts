import { describe, expect, it, vi } from 'vitest';
import type { Language } from './languages.ts';
import { loadI18n, loadTexts } from './loadI18n.ts';

describe('texts loaded per language', () => {
  it('starts with the asked language alone, and loads the other before switching to it', async () => {
    const load = vi.fn(loadTexts);
    const i18n = await loadI18n('fr', load);
    expect(load.mock.calls.map(([language]) => language)).toEqual(['fr']);
    expect(i18n.t('language.frName')).toBe('Français');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);

    await i18n.changeLanguage('en');
    expect(load.mock.calls.map(([language]) => language)).toEqual(['fr', 'en']);
    expect(i18n.language).toBe('en');
    expect(i18n.t('startup.reload')).not.toBe('startup.reload');
    expect(i18n.t('startup.reload')).not.toBe((await loadI18n('fr')).t('startup.reload'));

    // Back to French: already there, nothing loaded again.
    await i18n.changeLanguage('fr');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('an English start holds English texts from the first render', async () => {
    const load = vi.fn((language: Language) => loadTexts(language));
    const i18n = await loadI18n('en', load);
    expect(i18n.language).toBe('en');
    expect(i18n.t('language.enName')).toBe('English');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
