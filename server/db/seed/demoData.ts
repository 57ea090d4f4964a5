/** The 14 deposit statuses in order, from the shared rules (2-business-data.md §4). */
export { DEPOSIT_STATUSES } from '../../../src/domain/deposit/statuses.ts';

/**
 * Sale statuses the deposit rules allow for a product of a deposit in this status: sold or paid
 * only when INLINE, online only once the inventory is validated, restituted deposits keep only
 * what was already invoiced.
 */
export function productStatusesFor(depositStatus: string): readonly string[] {
  switch (depositStatus) {
    case 'INLINE':
      return ['ONLINE', 'SELL', 'PAYED', 'FACTURED', 'READY', 'RESERVED', 'ONLINE', 'OFFLINE'];
    case 'RESTITUED':
      return ['RESTITUED', 'FACTURED'];
    case 'DEPOSIT_VALIDATED':
      return ['READY', 'OFFLINE'];
    default:
      return ['OFFLINE', 'READY', 'REFUSED'];
  }
}

/** Small deterministic generator (mulberry32): the same seed gives the same demo data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const CUSTOMER_NAMES: ReadonlyArray<[string, string]> = [
  ['Clara', 'Cliente'],
  ['Lucie', 'Martin'],
  ['Hugo', 'Bernard'],
  ['Emma', 'Dubois'],
  ['Louis', 'Thomas'],
  ['Chloé', 'Robert'],
  ['Gabriel', 'Richard'],
  ['Inès', 'Petit'],
  ['Jules', 'Durand'],
  ['Léa', 'Leroy'],
  ['Arthur', 'Moreau'],
  ['Manon', 'Simon'],
  ['Raphaël', 'Laurent'],
  ['Jade', 'Lefèvre'],
  ['Adam', 'Michel'],
  ['Zoé', 'Garcia'],
  ['Nathan', 'David'],
  ['Camille', 'Bertrand'],
  ['Paul', 'Roux'],
  ['Sarah', 'Vincent'],
];

export const CITIES: ReadonlyArray<[string, string]> = [
  ['Paris', '75011'],
  ['Lyon', '69003'],
  ['Marseille', '13006'],
  ['Bordeaux', '33000'],
  ['Nantes', '44000'],
  ['Lille', '59000'],
  ['Toulouse', '31000'],
  ['Rennes', '35000'],
  ['Strasbourg', '67000'],
  ['Montpellier', '34000'],
];
