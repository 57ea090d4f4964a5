import type { Kysely } from 'kysely';
import type { Database } from '../schema.gen.ts';
import { COUNTRIES } from '../../../src/domain/countries.ts';
import { countRows, insertRows } from '../insertRows.ts';

type Show =
  | 'color'
  | 'size'
  | 'measurements'
  | 'brand'
  | 'author'
  | 'book_title'
  | 'isbn'
  | 'video_game_rating';
const CLOTHES: Show[] = ['color', 'size', 'brand'];

/** [name, singular, identifier, family, size group, package size, shown fields]. */
const CATEGORIES: ReadonlyArray<[string, string, string, string, string, number, Show[]]> = [
  ['Robes', 'Robe', 'woman-dresses', 'WOMAN', 'woman-letter', 1, CLOTHES],
  ['Hauts et t-shirts', 'Haut', 'woman-tops', 'WOMAN', 'woman-letter', 1, CLOTHES],
  ['Pulls et gilets', 'Pull', 'woman-knitwear', 'WOMAN', 'woman-letter', 1, CLOTHES],
  ['Manteaux et vestes', 'Manteau', 'woman-coats', 'WOMAN', 'woman-letter', 2, CLOTHES],
  ['Jeans', 'Jean', 'woman-jeans', 'WOMAN', 'woman-number', 1, [...CLOTHES, 'measurements']],
  ['Jupes', 'Jupe', 'woman-skirts', 'WOMAN', 'woman-letter', 1, CLOTHES],
  ['Chaussures femme', 'Chaussure', 'woman-shoes', 'WOMAN', 'shoes', 2, CLOTHES],
  ['Sacs', 'Sac', 'woman-bags', 'WOMAN', '', 2, ['color', 'brand', 'measurements']],
  ['Chemises', 'Chemise', 'man-shirts', 'MAN', 'man-letter', 1, CLOTHES],
  ['T-shirts homme', 'T-shirt', 'man-tshirts', 'MAN', 'man-letter', 1, CLOTHES],
  [
    'Pantalons homme',
    'Pantalon',
    'man-trousers',
    'MAN',
    'man-number',
    1,
    [...CLOTHES, 'measurements'],
  ],
  ['Vestes homme', 'Veste', 'man-jackets', 'MAN', 'man-letter', 2, CLOTHES],
  ['Chaussures homme', 'Chaussure', 'man-shoes', 'MAN', 'shoes', 2, CLOTHES],
  ['Bodies bébé', 'Body', 'kids-bodysuits', 'KIDS', 'kids-age', 1, CLOTHES],
  ['Vêtements enfant', 'Vêtement', 'kids-clothes', 'KIDS', 'kids-age', 1, CLOTHES],
  ['Jouets', 'Jouet', 'kids-toys', 'KIDS', '', 2, ['brand']],
  [
    'Décoration',
    'Objet de décoration',
    'home-decoration',
    'HOME',
    '',
    2,
    ['color', 'measurements'],
  ],
  ['Vaisselle', 'Pièce de vaisselle', 'home-tableware', 'HOME', '', 2, ['color', 'brand']],
  ['Téléphones', 'Téléphone', 'electronics-phones', 'ELECTRONICS', '', 1, ['color', 'brand']],
  [
    'Consoles et jeux vidéo',
    'Jeu vidéo',
    'electronics-video-games',
    'ELECTRONICS',
    '',
    1,
    ['brand', 'video_game_rating'],
  ],
  [
    'Livres',
    'Livre',
    'entertainment-books',
    'ENTERTAINMENT',
    '',
    1,
    ['author', 'book_title', 'isbn'],
  ],
  [
    'Musique et films',
    'Disque ou film',
    'entertainment-music-films',
    'ENTERTAINMENT',
    '',
    1,
    ['author'],
  ],
  [
    'Objets de collection',
    'Objet de collection',
    'hobbies-collectibles',
    'HOBBIES_COLLECTIBLES',
    '',
    2,
    ['brand', 'measurements'],
  ],
  [
    'Vêtements de sport',
    'Vêtement de sport',
    'sports-clothes',
    'SPORTS',
    'woman-letter',
    1,
    CLOTHES,
  ],
  ['Équipement sportif', 'Équipement', 'sports-equipment', 'SPORTS', '', 3, ['brand']],
  ['Lots mixtes', 'Lot', 'mixed-bundles', 'MIXED', '', 3, []],
];

const ATTRIBUTES = [
  {
    code: 'material',
    title: 'Matière',
    description: 'La matière principale indiquée sur l’étiquette',
    placeholder: 'Choisir une matière',
    required: true,
    display_type: 'list',
    selection_type: 'multiple',
    selection_limit: 3,
    validation_error_message: 'Choisissez au moins une matière (3 au plus)',
    options: ['Coton', 'Laine', 'Lin', 'Soie', 'Cuir', 'Polyester', 'Viscose', 'Cachemire', 'Jean'],
  },
  {
    code: 'pattern',
    title: 'Motif',
    description: 'Le motif dominant de la pièce',
    placeholder: 'Choisir un motif',
    required: false,
    display_type: 'list',
    selection_type: 'single',
    selection_limit: 1,
    validation_error_message: 'Choisissez un motif',
    options: ['Uni', 'Rayé', 'À carreaux', 'Fleuri', 'Imprimé animal', 'Pois'],
  },
  {
    code: 'condition_details',
    title: 'Défauts visibles',
    description: 'Signalez les défauts pour éviter les retours',
    placeholder: 'Aucun',
    required: false,
    display_type: 'chips',
    selection_type: 'multiple',
    selection_limit: 4,
    validation_error_message: 'Quatre défauts au plus',
    options: ['Tache', 'Trou', 'Bouloche', 'Décoloration', 'Fermeture abîmée'],
  },
];

const BRANDS = [
  'Zara',
  'H&M',
  'Mango',
  'Sézane',
  'Petit Bateau',
  'Jacadi',
  'Cyrillus',
  'Kiabi',
  'Promod',
  'Naf Naf',
  'Comptoir des Cotonniers',
  'Maje',
  'Sandro',
  'The Kooples',
  'Ba&sh',
  'Isabel Marant',
  'Sessùn',
  'Des Petits Hauts',
  'Levi’s',
  'Nike',
  'Adidas',
  'Puma',
  'Decathlon',
  'Le Coq Sportif',
  'Lacoste',
  'Ralph Lauren',
  'Tommy Hilfiger',
  'Uniqlo',
  'Monoprix',
  'Vertbaudet',
  'Okaïdi',
  'Catimini',
  'Bonpoint',
  'Chanel',
  'Hermès',
  'Louis Vuitton',
  'Longchamp',
  'Repetto',
  'Veja',
  'Aigle',
];

const COLORS: ReadonlyArray<[string, string, string]> = [
  ['Noir', 'black', '#000000'],
  ['Blanc', 'white', '#FFFFFF'],
  ['Gris', 'grey', '#919191'],
  ['Beige', 'beige', '#F4E0C8'],
  ['Marron', 'brown', '#663300'],
  ['Rouge', 'red', '#CC0000'],
  ['Bordeaux', 'burgundy', '#6D1A36'],
  ['Rose', 'pink', '#FF99CC'],
  ['Orange', 'orange', '#FFA500'],
  ['Jaune', 'yellow', '#FFFF00'],
  ['Vert', 'green', '#369A3D'],
  ['Kaki', 'khaki', '#86814A'],
  ['Bleu', 'blue', '#007BC4'],
  ['Bleu marine', 'navy', '#000080'],
  ['Turquoise', 'turquoise', '#B7E4E0'],
  ['Violet', 'purple', '#800080'],
  ['Doré', 'gold', '#FFD700'],
  ['Argenté', 'silver', '#C0C0C0'],
  ['Multicolore', 'multicolor', '#FF00FF'],
  ['Crème', 'cream', '#FFFDD0'],
];

const SIZES: ReadonlyArray<[string, string[]]> = [
  ...['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'].map((s): [string, string[]] => [
    s,
    ['woman-letter', 'man-letter'],
  ]),
  ...['32', '34', '36', '38', '40', '42', '44', '46', '48'].map((s): [string, string[]] => [
    s,
    ['woman-number', 'man-number'],
  ]),
  ...[
    'Naissance',
    '1 mois',
    '3 mois',
    '6 mois',
    '12 mois',
    '18 mois',
    '2 ans',
    '3 ans',
    '4 ans',
    '6 ans',
    '8 ans',
    '10 ans',
    '12 ans',
    '14 ans',
  ].map((s): [string, string[]] => [s, ['kids-age']]),
  ...Array.from({ length: 14 }, (_, i): [string, string[]] => [String(34 + i), ['shoes']]),
  ['Taille unique', ['woman-letter', 'man-letter', 'kids-age']],
];

/**
 * Reference data every install needs (categories, attributes, brands, colours, sizes, the 27
 * countries). Each table is filled once, when empty, so a restart never duplicates it.
 */
export async function seedReference(db: Kysely<Database>): Promise<void> {
  if ((await countRows(db, 'country')) === 0) {
    await insertRows(
      db,
      'country',
      COUNTRIES.map((c, i) => ({
        code: c.code,
        name_fr: c.nameFr,
        name_en: c.nameEn,
        flag: c.flag,
        order: i + 1,
      })),
    );
  }
  let attributeUuids: string[] = [];
  if ((await countRows(db, 'category_attribute')) === 0) {
    attributeUuids = await insertRows(
      db,
      'category_attribute',
      ATTRIBUTES.map(({ options, ...attribute }, i) => ({
        ...attribute,
        marketplace_id: 100 + i,
        banner: '',
        order: i + 1,
        options: JSON.stringify(
          options.map((title, j) => ({ marketplaceId: 1000 * (i + 1) + j, title, type: 'option' })),
        ),
      })),
    );
  }
  if ((await countRows(db, 'category')) === 0) {
    await insertRows(
      db,
      'category',
      CATEGORIES.map(([name, singular, identifier, family, sizeGroup, packageSize, shown], i) => {
        const clothes = shown.includes('size');
        return {
          name,
          name_singular: singular,
          identifier,
          family,
          order: i + 1,
          resale_marketplace_path_ids: [1000 + i],
          product_size_group: sizeGroup,
          package_size: packageSize,
          active: true,
          exact_matching_with_marketplace: clothes,
          show_color: shown.includes('color'),
          show_size: clothes,
          show_measurements: shown.includes('measurements'),
          show_brand: shown.includes('brand'),
          show_author: shown.includes('author'),
          show_book_title: shown.includes('book_title'),
          show_isbn: shown.includes('isbn'),
          show_video_game_rating: shown.includes('video_game_rating'),
          skip_price_limit: family === 'HOBBIES_COLLECTIBLES',
          attribute_assignments: JSON.stringify(
            clothes
              ? attributeUuids.map((uuid, j) => ({
                  categoryAttribute: uuid,
                  required: j === 0,
                  order: j + 1,
                }))
              : [],
          ),
        };
      }),
    );
  }
  if ((await countRows(db, 'brand')) === 0) {
    await insertRows(
      db,
      'brand',
      BRANDS.map((name, i) => ({
        name,
        slug: name
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
        resale_marketplace_id: 5000 + i,
        refused_by_provider: false,
      })),
    );
  }
  if ((await countRows(db, 'color')) === 0) {
    await insertRows(
      db,
      'color',
      COLORS.map(([title, code, hex], i) => ({
        title,
        code,
        hex_code: hex,
        order: i + 1,
        marketplace_id: i + 1,
        color_text: title,
      })),
    );
  }
  if ((await countRows(db, 'product_size')) === 0) {
    await insertRows(
      db,
      'product_size',
      SIZES.map(([title, groups], i) => ({
        marketplace_id: 200 + i,
        title,
        size_groups: groups,
        order: i + 1,
        group_descriptions: JSON.stringify({}),
      })),
    );
  }
}

export const REFERENCE_COUNTS = {
  countries: COUNTRIES.length,
  categories: CATEGORIES.length,
  attributes: ATTRIBUTES.length,
  brands: BRANDS.length,
  colors: COLORS.length,
  sizes: SIZES.length,
};
