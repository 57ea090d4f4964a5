import { writeFile } from 'node:fs/promises';
import { generateDatabaseTypes, SCHEMA_TYPES_FILE } from '../server/db/schemaTypes.ts';

/** `npm run db:types`: rewrites server/db/schema.gen.ts from a freshly migrated database. */
await writeFile(SCHEMA_TYPES_FILE, await generateDatabaseTypes());
console.info('wrote server/db/schema.gen.ts');
