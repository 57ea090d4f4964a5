import type { ProductReferenceData } from './references.ts';

/**
 * Reference lists shaped like the seeded catalogue, for the import tests (test support only):
 * plural names with singular ones, a size title shared by two groups, a typographic apostrophe.
 */
export const TEST_REFERENCES: ProductReferenceData = {
  categories: [
    ['Robes', 'Robe', 'woman-dresses', 'woman-letter'],
    ['Pulls et gilets', 'Pull', 'woman-knitwear', 'woman-letter'],
    ['Manteaux et vestes', 'Manteau', 'woman-coats', 'woman-letter'],
    ['Jeans', 'Jean', 'woman-jeans', 'woman-number'],
    ['Sacs', 'Sac', 'woman-bags', ''],
    ['T-shirts homme', 'T-shirt', 'man-tshirts', 'man-letter'],
    ['Vestes homme', 'Veste', 'man-jackets', 'man-letter'],
    ['Chaussures femme', 'Chaussure', 'woman-shoes', 'shoes'],
    ['Chaussures homme', 'Chaussure', 'man-shoes', 'shoes'],
  ].map(([name, nameSingular, identifier, productSizeGroup], i) => ({
    uuid: `00000000-0000-4000-8000-0000000000${String(i + 10)}`,
    name: name!,
    nameSingular: nameSingular!,
    identifier: identifier!,
    productSizeGroup: productSizeGroup!,
    order: i + 1,
  })),
  brands: ['Zara', 'Sézane', 'Petit Bateau', 'Jacadi', 'Kiabi', 'Maje', 'Levi’s', 'Nike'].map(
    (name, i) => ({
      uuid: `00000000-0000-4000-8000-0000000001${String(i + 10)}`,
      name,
      slug: name.toLowerCase(),
    }),
  ),
  sizes: [
    ['S', ['woman-letter', 'man-letter']],
    ['M', ['woman-letter', 'man-letter']],
    ['L', ['woman-letter', 'man-letter']],
    ['38', ['woman-number', 'man-number']],
    ['40', ['woman-number', 'man-number']],
    ['42', ['woman-number', 'man-number']],
    ['38', ['shoes']],
    ['40', ['shoes']],
  ].map(([title, sizeGroups], i) => ({
    uuid: `00000000-0000-4000-8000-0000000002${String(i + 10)}`,
    title: title as string,
    sizeGroups: sizeGroups as string[],
    order: i + 1,
  })),
  colors: [
    ['Noir', 'black'],
    ['Bleu', 'blue'],
    ['Bleu marine', 'navy'],
    ['Crème', 'cream'],
  ].map(([title, code], i) => ({
    uuid: `00000000-0000-4000-8000-0000000003${String(i + 10)}`,
    title: title!,
    code: code!,
  })),
};
