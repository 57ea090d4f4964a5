import { describe, expect, it } from 'vitest';
import { checkListingUrl, marketplaceSearchUrl } from './marketplaceListing.ts';

describe('checkListingUrl', () => {
  it('takes an item address on any country site of the marketplace', () => {
    expect(checkListingUrl('https://www.vinted.fr/items/123-robe')).toEqual({
      ok: true,
      url: 'https://www.vinted.fr/items/123-robe',
    });
    expect(checkListingUrl(' vinted.com/items/9#photos ')).toEqual({
      ok: true,
      url: 'https://vinted.com/items/9',
    });
    expect(checkListingUrl('https://www.vinted.co.uk/items/1').ok).toBe(true);
  });

  it('names the problem of anything else', () => {
    expect(checkListingUrl('  ')).toEqual({ ok: false, problem: 'required' });
    expect(checkListingUrl('not a link')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkListingUrl('ftp://vinted.fr/x')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkListingUrl('https://www.leboncoin.fr/ad/1')).toEqual({
      ok: false,
      problem: 'wrongDomain',
    });
    expect(checkListingUrl('https://vinted.fr.evil.example/items/1')).toEqual({
      ok: false,
      problem: 'wrongDomain',
    });
  });
});

describe('marketplaceSearchUrl', () => {
  it('searches the catalogue for the title', () => {
    expect(marketplaceSearchUrl('https://www.vinted.fr/', ' Robe & co ')).toBe(
      'https://www.vinted.fr/catalog?search_text=Robe%20%26%20co',
    );
  });
});
