import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Language } from '../../../i18n/index.ts';
import { FileCard } from '../FileCard.tsx';
import { ChipSelector } from './ChipSelector.tsx';
import { DateInput } from './DateInput.tsx';
import { DateRangeInput } from './DateRangeInput.tsx';
import { FormField } from './FormField.tsx';
import { LimitedSelect } from './LimitedSelect.tsx';
import { PhoneInput } from './PhoneInput.tsx';
import { required } from './rules.ts';

const render = (node: ReactNode, lng: Language = 'fr') =>
  renderToString(<I18nextProvider i18n={createI18n(lng)}>{node}</I18nextProvider>);
const noop = () => undefined;
const OPTIONS = ['a', 'b', 'c'].map((value) => ({ value, label: `Option ${value}` }));

describe('FormField', () => {
  it('tags a field without rules as optional', () => {
    const html = render(
      <FormField label="Téléphone" labelFor="phone">
        <input id="phone" />
      </FormField>,
    );
    expect(html).toMatch(/<label[^>]*for="phone"[^>]*>Téléphone/);
    expect(html).toMatch(/data-testid="optional-tag"[^>]*>.*facultatif/s);
  });

  it('shows the required message in both languages, and no optional tag on a ruled field', () => {
    const field = (lng: Language) =>
      render(
        <FormField label="Nom" labelFor="name" rules={[required]} errorKey="forms.required">
          <input id="name" />
        </FormField>,
        lng,
      );
    expect(field('fr')).toMatch(/role="alert"[^>]*>Ce champ est obligatoire</);
    expect(field('en')).toMatch(/role="alert"[^>]*>This field is required</);
    expect(field('fr')).not.toContain('optional-tag');
  });
});

describe('PhoneInput', () => {
  it('is a phone field with the French mobile placeholder', () => {
    const html = render(<PhoneInput id="tel" value="0612345678" onValueChange={noop} />);
    expect(html).toMatch(/type="tel"/);
    expect(html).toMatch(/placeholder="06 12 34 56 78"/);
    expect(html).toMatch(/value="0612345678"/);
    expect(html).toMatch(/autoComplete="tel"|autocomplete="tel"/);
  });
});

describe('DateInput', () => {
  it('shows the day as DD/MM/YYYY', () => {
    const html = render(<DateInput id="day" value="2024-05-03" onChange={noop} />);
    expect(html).toMatch(/id="day"/);
    expect(html).toMatch(/value="03\/05\/2024"/);
    expect(html).toMatch(/placeholder="DD\/MM\/YYYY"/);
  });
});

describe('DateRangeInput', () => {
  it('shows both days as DD/MM/YYYY with labelled inputs', () => {
    const html = render(
      <DateRangeInput
        id="period"
        value={['2024-05-01', '2024-05-10']}
        onChange={noop}
        now={new Date('2024-05-15T12:00:00Z')}
      />,
    );
    expect(html).toContain('id="period-start"');
    expect(html).toContain('value="01/05/2024"');
    expect(html).toContain('value="10/05/2024"');
    expect(html).toContain('aria-label="Date de début"');
    expect(html).toContain('aria-label="Date de fin"');
  });
});

describe('ChipSelector', () => {
  it('marks the picked chips and counts them against the maximum', () => {
    const html = render(
      <ChipSelector
        label="Saisons"
        options={OPTIONS}
        value={['b']}
        onChange={noop}
        multiple
        max={2}
      />,
    );
    expect(html).toMatch(/role="group"[^>]*aria-label="Saisons"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*Option b/s);
    expect((html.match(/aria-pressed="false"/g) ?? []).length).toBe(2);
    expect(html).toContain('1 sur 2');
  });
});

describe('LimitedSelect', () => {
  it('shows at most the maximum and holds the others back when full', () => {
    const html = render(
      <LimitedSelect
        id="sizes"
        label="Tailles"
        options={OPTIONS}
        value={['a', 'b', 'c']}
        onChange={noop}
        max={2}
      />,
      'en',
    );
    expect(html).toContain('2 of 2');
    expect((html.match(/checked=""/g) ?? []).length).toBe(2);
    expect((html.match(/disabled=""/g) ?? []).length).toBe(1);
  });
});

describe('FileCard', () => {
  it('shows a small file in KB and a large one in MB with 2 decimals', () => {
    expect(render(<FileCard name="photo.jpg" size={2048} />)).toMatch(
      /data-testid="file-size"[^>]*>2 Ko</,
    );
    expect(render(<FileCard name="scan.pdf" size={3.5 * 1024 * 1024} />, 'en')).toMatch(
      /data-testid="file-size"[^>]*>3.50 MB</,
    );
  });

  it('offers to remove the file, named for screen readers', () => {
    expect(render(<FileCard name="photo.jpg" size={10} onRemove={noop} />)).toContain(
      'aria-label="Retirer photo.jpg"',
    );
  });
});
