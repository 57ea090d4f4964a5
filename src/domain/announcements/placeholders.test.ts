import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDERS,
  SAMPLE_VALUES,
  fillPlaceholders,
  formatPrice,
  placeholderField,
  structuredDescription,
  unknownPlaceholders,
  type PlaceholderValues,
} from './placeholders.ts';

const FULL: PlaceholderValues = {
  title: 'Jean slim',
  brand: 'Levi’s',
  size: '38',
  colors: ['Bleu', 'Noir'],
  condition: 'GOOD',
  price: 12.5,
  category: 'Jean',
  reference: 'REF-000042',
  measurementWidth: 40,
  measurementLength: 100,
  author: 'Victor Hugo',
};

describe('placeholders', () => {
  it('knows every French and English name, whatever the case and accents', () => {
    expect(placeholderField('marque')).toBe('brand');
    expect(placeholderField('Brand')).toBe('brand');
    expect(placeholderField('état')).toBe('condition');
    expect(placeholderField('catégorie')).toBe('category');
    expect(placeholderField('measurements')).toBe('measurements');
    expect(placeholderField('auteur')).toBe('author');
    expect(placeholderField('couleur')).toBeUndefined();
    for (const p of PLACEHOLDERS) expect(placeholderField(p.name)).toBe(p.field);
  });

  it('names the unknown placeholders once, in order', () => {
    expect(unknownPlaceholders('{titre} {couleur} {foo} {couleur} {prix}')).toEqual([
      'couleur',
      'foo',
    ]);
    expect(unknownPlaceholders('no braces, { } nor {two words}')).toEqual(['two words']);
    expect(unknownPlaceholders('{titre}\n{title}')).toEqual([]);
  });

  it('fills every placeholder from the product', () => {
    const text = fillPlaceholders(
      '{titre} {marque} taille {taille}\n{couleurs} - {etat} - {prix}\n{categorie} {reference} {mesures} {auteur}',
      FULL,
    );
    expect(text).toBe(
      'Jean slim Levi’s taille 38\nBleu, Noir - bon état - 12,50\u00a0€\nJean REF-000042 40 × 100 cm Victor Hugo',
    );
  });

  it('writes prices in fr-FR euros and conditions in French words', () => {
    expect(formatPrice(12)).toBe('12\u00a0€');
    expect(formatPrice(1250.5)).toBe('1\u202f250,50\u00a0€');
    expect(formatPrice(0)).toBe('');
    expect(fillPlaceholders('{condition}', { condition: 'NEW_WITH_TICKET' })).toBe(
      'neuf avec étiquette',
    );
    expect(fillPlaceholders('{condition}', { condition: 'REFUSED' })).toBe('');
  });

  it('leaves no undefined, double spaces nor dangling separators when values are missing', () => {
    const text = fillPlaceholders(
      '{titre} - {marque} - {taille}\nMarque : {marque}\nTaille : {taille}\n{couleurs}, {etat} ({mesures})\nBon état',
      { title: 'Pull', condition: 'VERY_GOOD' },
    );
    expect(text).toBe('Pull\ntrès bon état\nBon état');
    expect(text).not.toMatch(/undefined|null| {2}/);
  });

  it('keeps unknown placeholders and lines without placeholders as written', () => {
    expect(fillPlaceholders('Hello  {foo}\n\nBye', {})).toBe('Hello  {foo}\n\nBye');
  });

  it('writes a structured description from the fields alone', () => {
    expect(structuredDescription({ title: 'Pull', brand: 'Zara', price: 8 })).toBe(
      'Pull\n\nMarque : Zara\nPrix : 8\u00a0€',
    );
    expect(structuredDescription(SAMPLE_VALUES)).toContain('Mesures : 45 × 110 cm');
  });
});
