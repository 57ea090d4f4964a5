import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateDatabaseTypes, SCHEMA_TYPES_FILE } from '../../server/db/schemaTypes.ts';

describe('generated database types', () => {
  it('match what `npm run db:types` generates from the migrations (no drift, no hand edits)', async () => {
    const fresh = await generateDatabaseTypes();
    expect(readFileSync(SCHEMA_TYPES_FILE, 'utf8')).toBe(fresh);
  }, 60_000);
});
