import { describe, expect, it } from 'vitest';
import { parsePastedBuyer, type PastedBuyer } from './pastedBuyer.ts';

/** Real-shaped blocks as vendors copy them from order pages, with what must come out of each. */
const SAMPLES: ReadonlyArray<{ name: string; text: string; expected: Partial<PastedBuyer> }> = [
  {
    name: 'Vinted order, French address with a complement',
    text: `Commande n° 4829301123
Acheteur : marie_dupont75
Adresse de livraison
Marie Dupont
12 rue des Lilas
Appartement 4B
75011 Paris
France`,
    expected: {
      firstName: 'Marie',
      lastName: 'Dupont',
      address: '12 rue des Lilas',
      addressComplement: 'Appartement 4B',
      postalCode: '75011',
      city: 'Paris',
      countryCode: 'FR',
      countryName: 'France',
      marketplaceAccountId: 'marie_dupont75',
      platform: '',
    },
  },
  {
    name: 'Vinted with the profile address and a relay point line',
    text: `Vendu à camille.l sur Vinted
https://www.vinted.fr/member/48213377-camillel
Envoyer à :
Camille LEROY
5 bis avenue Jean Jaurès
Bât. C, 3e étage
69007 LYON
Mode de livraison : Mondial Relay
Total : 23,50 €`,
    expected: {
      firstName: 'Camille',
      lastName: 'LEROY',
      address: '5 bis avenue Jean Jaurès',
      addressComplement: 'Bât. C, 3e étage',
      postalCode: '69007',
      city: 'Lyon',
      countryCode: 'FR',
      marketplaceAccountId: 'camille.l',
      marketplaceProfile: 'https://www.vinted.fr/member/48213377-camillel',
      platform: 'MAIN_MARKETPLACE',
    },
  },
  {
    name: 'Leboncoin buyer block with labels and a phone',
    text: `Informations de l'acheteur
Pseudo : Julien_B
Nom : Julien Bernard
Adresse : 3 allée des Tilleuls
Complément d'adresse : Résidence Les Pins
Code postal : 33000
Ville : Bordeaux
Téléphone : 06 12 34 56 78
leboncoin`,
    expected: {
      firstName: 'Julien',
      lastName: 'Bernard',
      address: '3 allée des Tilleuls',
      addressComplement: 'Résidence Les Pins',
      postalCode: '33000',
      city: 'Bordeaux',
      countryCode: 'FR',
      phoneNumber: '06 12 34 56 78',
      marketplaceAccountId: 'Julien_B',
      platform: 'LEBONCOIN',
    },
  },
  {
    name: 'Leboncoin profile address and civility',
    text: `Mme Sophie Martin
https://www.leboncoin.fr/profil/8f3c2a9e-1b7d-4c55-9e0a-3d2f1c0b9a87
14, boulevard Gambetta
06000 Nice`,
    expected: {
      firstName: 'Sophie',
      lastName: 'Martin',
      gender: 'WOMAN',
      address: '14, boulevard Gambetta',
      postalCode: '06000',
      city: 'Nice',
      countryCode: 'FR',
      marketplaceAccountId: '8f3c2a9e-1b7d-4c55-9e0a-3d2f1c0b9a87',
      platform: 'LEBONCOIN',
    },
  },
  {
    name: 'eBay United Kingdom, flat before the street, postcode on its own line',
    text: `Ship to
John Smith
Flat 2
221B Baker Street
London
NW1 6XE
United Kingdom
Phone: +44 20 7946 0958
Buyer: jsmith_uk (152)
Email: john.smith@example.co.uk`,
    expected: {
      firstName: 'John',
      lastName: 'Smith',
      address: '221B Baker Street',
      addressComplement: 'Flat 2',
      postalCode: 'NW1 6XE',
      city: 'London',
      countryCode: 'GB',
      phoneNumber: '+44 20 7946 0958',
      email: 'john.smith@example.co.uk',
      marketplaceAccountId: 'jsmith_uk',
    },
  },
  {
    name: 'eBay United States with state and ZIP+4',
    text: `eBay order 12-34567-89012
Shipping address
Jane Doe
123 Main St
Apt 4
Springfield, IL 62704-1234
United States
https://www.ebay.com/usr/janedoe_42`,
    expected: {
      firstName: 'Jane',
      lastName: 'Doe',
      address: '123 Main St',
      addressComplement: 'Apt 4',
      postalCode: '62704-1234',
      city: 'Springfield, IL',
      countryCode: 'US',
      marketplaceAccountId: 'janedoe_42',
      marketplaceProfile: 'https://www.ebay.com/usr/janedoe_42',
      platform: 'EBAY',
    },
  },
  {
    name: 'eBay Germany, street name before the number',
    text: `Lieferadresse
Hans Müller
Hauptstraße 5
10115 Berlin
Deutschland
Käufer: hmueller`,
    expected: {
      firstName: 'Hans',
      lastName: 'Müller',
      address: 'Hauptstraße 5',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
      countryName: 'Allemagne',
      marketplaceAccountId: 'hmueller',
    },
  },
  {
    name: 'Vestiaire Collective Italy with a province code',
    text: `Vestiaire Collective – Order #88412097
Shipping address
Chiara Rossi
Via Roma 10
Scala B, interno 3
20121 Milano MI
Italy
Buyer: chiara.r`,
    expected: {
      firstName: 'Chiara',
      lastName: 'Rossi',
      address: 'Via Roma 10',
      addressComplement: 'Scala B, interno 3',
      postalCode: '20121',
      city: 'Milano',
      countryCode: 'IT',
      marketplaceAccountId: 'chiara.r',
      platform: 'VESTIAIRE_COLLECTIVE',
    },
  },
  {
    name: 'Belgium, four-digit code',
    text: `Adresse de livraison
Lucas Peeters
Rue Neuve 45
1000 Bruxelles
Belgique
lucas.peeters@example.be`,
    expected: {
      firstName: 'Lucas',
      lastName: 'Peeters',
      address: 'Rue Neuve 45',
      postalCode: '1000',
      city: 'Bruxelles',
      countryCode: 'BE',
      email: 'lucas.peeters@example.be',
    },
  },
  {
    name: 'Switzerland with an accented city',
    text: `Destinataire
Élodie Favre
Chemin des Crêts 8
1201 Genève
Suisse`,
    expected: {
      firstName: 'Élodie',
      lastName: 'Favre',
      address: 'Chemin des Crêts 8',
      postalCode: '1201',
      city: 'Genève',
      countryCode: 'CH',
    },
  },
  {
    name: 'Netherlands, letters in the postal code',
    text: `Shipping address
Sanne de Vries
Prinsengracht 263
1016 GV Amsterdam
Nederland`,
    expected: {
      firstName: 'Sanne',
      lastName: 'de Vries',
      address: 'Prinsengracht 263',
      postalCode: '1016 GV',
      city: 'Amsterdam',
      countryCode: 'NL',
    },
  },
  {
    name: 'Spain, Vinted in Spanish',
    text: `Dirección de envío
Lucía García López
Calle de Alcalá 42, 3º B
28014 Madrid
España
Comprador: luciagl`,
    expected: {
      firstName: 'Lucía',
      lastName: 'García López',
      address: 'Calle de Alcalá 42, 3º B',
      postalCode: '28014',
      city: 'Madrid',
      countryCode: 'ES',
      marketplaceAccountId: 'luciagl',
    },
  },
  {
    name: 'Portugal',
    text: `Ana Silva
Rua Augusta 100
1100-053 Lisboa
Portugal`,
    expected: {
      firstName: 'Ana',
      lastName: 'Silva',
      address: 'Rua Augusta 100',
      postalCode: '1100-053',
      city: 'Lisboa',
      countryCode: 'PT',
    },
  },
  {
    name: 'Family name first in capitals, CEDEX city, Windows line ends',
    text: 'DURAND Pierre\r\n8 place Bellecour\r\nBP 1234\r\n69002 LYON CEDEX 02\r\n',
    expected: {
      firstName: 'Pierre',
      lastName: 'DURAND',
      address: '8 place Bellecour',
      addressComplement: 'BP 1234',
      postalCode: '69002',
      city: 'Lyon Cedex 02',
      countryCode: 'FR',
    },
  },
  {
    name: 'An e-mail and a name only (no address yet)',
    text: `Nom : Inès Haddad
E-mail : Ines.Haddad@Example.fr`,
    expected: {
      firstName: 'Inès',
      lastName: 'Haddad',
      email: 'ines.haddad@example.fr',
      address: '',
      postalCode: '',
      countryCode: '',
    },
  },
  {
    name: 'Separate first and last name labels (a form copied line by line)',
    text: `Prénom : Thomas
Nom de famille : Lefèvre
Adresse : 27 rue Nationale
Code postal : 59000
Ville : Lille
Pays : France`,
    expected: {
      firstName: 'Thomas',
      lastName: 'Lefèvre',
      address: '27 rue Nationale',
      postalCode: '59000',
      city: 'Lille',
      countryCode: 'FR',
    },
  },
];

describe('parsePastedBuyer', () => {
  for (const sample of SAMPLES) {
    it(`reads ${sample.name}`, () => {
      const result = parsePastedBuyer(sample.text);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.buyer).toMatchObject(sample.expected);
    });
  }

  it('keeps the marketplace the vendor chose over what the text names', () => {
    const result = parsePastedBuyer(SAMPLES[0]!.text, 'LEBONCOIN');
    expect(result.ok && result.buyer.platform).toBe('LEBONCOIN');
  });

  it('takes the platform from the profile address when the vendor chose none', () => {
    const result = parsePastedBuyer(SAMPLES[1]!.text);
    expect(result.ok && result.buyer.platform).toBe('MAIN_MARKETPLACE');
  });

  it('leaves the country empty for a 5-digit code on eBay, which ships worldwide', () => {
    const result = parsePastedBuyer('Paul Weber\nLindenweg 3\n80331 München\neBay');
    expect(result.ok && result.buyer.countryCode).toBe('');
    expect(result.ok && result.buyer.city).toBe('München');
  });

  it('cuts values to what the contract holds', () => {
    const long = 'A'.repeat(400);
    const result = parsePastedBuyer(`Nom : Zoé ${long}\nE-mail : zoe@example.fr`);
    expect(result.ok && result.buyer.lastName.length).toBe(255);
  });

  const GARBAGE: ReadonlyArray<[string, string]> = [
    ['empty', ''],
    ['blank lines', '   \n\n\t  \n'],
  ];
  for (const [name, text] of GARBAGE) {
    it(`refuses ${name} as empty`, () => {
      expect(parsePastedBuyer(text)).toEqual({ ok: false, reason: 'BUYER_TEXT_EMPTY' });
    });
  }

  const UNREADABLE: ReadonlyArray<[string, string]> = [
    ['a chat message', "Bonjour, est-ce que l'article est toujours disponible ? Merci !"],
    [
      'lorem ipsum',
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit.\nSed do eiusmod tempor.',
    ],
    [
      'an order summary without buyer',
      'Commande n° 55512\nTotal : 42,00 €\nArticle : Robe Zara taille M\nStatut : payé',
    ],
    ['numbers only', '123456\n789 012\n345'],
    ['a URL of an item page', 'https://www.vinted.fr/items/123456-robe-zara'],
    ['a postal line without any name', '75011 Paris\nFrance'],
    ['emoji noise', '🙂🙂🙂\n***\n---'],
    ['a name without any way to reach the buyer', 'Marie Dupont'],
  ];
  for (const [name, text] of UNREADABLE) {
    it(`refuses ${name}`, () => {
      expect(parsePastedBuyer(text)).toEqual({ ok: false, reason: 'BUYER_TEXT_UNREADABLE' });
    });
  }
});
