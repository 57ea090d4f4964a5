// Writes docs/access-matrix.md from the authorisation table (server/rpc/access/table.ts).
import { writeFileSync } from 'node:fs';
import { renderAccessMatrix } from '../server/rpc/access/matrix.ts';
import { ACCESS_TABLE } from '../server/rpc/access/table.ts';

const file = 'docs/access-matrix.md';
writeFileSync(file, await renderAccessMatrix(ACCESS_TABLE, file));
console.log(`Wrote ${file}`);
