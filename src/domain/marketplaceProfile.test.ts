import { describe, expect, it } from 'vitest';
import { parseMarketplaceProfile } from './marketplaceProfile.ts';

describe('parseMarketplaceProfile', () => {
  it.each([
    ['https://www.vinted.fr/member/12345-julie', '12345', 'julie', 'vinted.fr'],
    ['https://vinted.fr/member/12345-julie?tab=closet#top', '12345', 'julie', 'vinted.fr'],
    ['www.vinted.be/fr/member/987', '987', '', 'vinted.be'],
    ['  http://www.vinted.co.uk/member/42-anna.b/  ', '42', 'anna.b', 'vinted.co.uk'],
    ['https://WWW.VINTED.DE/member/7-Max_Mustermann', '7', 'Max_Mustermann', 'vinted.de'],
  ])('reads %s', (input, memberId, login, host) => {
    expect(parseMarketplaceProfile(input)).toEqual({
      memberId,
      login,
      url: `https://www.${host}/member/${memberId}${login ? `-${login}` : ''}`,
    });
  });

  it.each([
    '',
    'julie',
    'https://www.vinted.fr/items/123-robe',
    'https://www.vinted.fr/catalog?search_text=robe',
    'https://www.vinted.fr/member/',
    'https://www.vinted.fr/member/abc-julie',
    'https://evil.example/member/12345-julie',
    'https://vinted.fr.evil.example/member/12345',
    'ftp://www.vinted.fr/member/12345',
    'https://user:pw@www.vinted.fr/member/12345',
    'https://www.vinted.fr:8443/member/12345',
    'https://www.vinted.fr/member/12345 julie',
    `https://www.vinted.fr/member/12345-${'x'.repeat(300)}`,
  ])('refuses %j', (input) => {
    expect(parseMarketplaceProfile(input)).toBeNull();
  });
});
