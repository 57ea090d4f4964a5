import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createLocalMediaStorage } from '../media/storage.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { seedDemo, DEMO_DEFAULTS } from './seed/demo.ts';
import { seedReference } from './seed/reference.ts';
import { countRows } from './insertRows.ts';

/** `npm run seed [-- --products N]`: migrates, then applies reference and demo data (or tops the stock up to N). */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { products: { type: 'string' } } });
  const products = values.products === undefined ? DEMO_DEFAULTS.products : Number(values.products);
  if (!Number.isInteger(products) || products < 0)
    throw new Error(`--products must be a whole number, not "${values.products}"`);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  try {
    const started = Date.now();
    await migrate(database.db);
    await seedReference(database.db);
    await seedDemo(database.db, createLocalMediaStorage(path.join(config.dataDir, 'media')), {
      products,
    });
    const total = await countRows(database.db, 'product');
    console.log(
      `Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${total} products (${database.kind}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
