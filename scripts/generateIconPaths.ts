// Writes src/ui/icons/paths16.gen.ts and paths20.gen.ts from the icon names the app's source uses.
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { appIconNames, pathsModule } from './iconNames.ts';

const names = appIconNames();
for (const size of [16, 20] as const) {
  const file = `src/ui/icons/paths${size}.gen.ts`;
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(await pathsModule(names, size), options));
  console.log(`Wrote ${file} (${names.length} icons)`);
}
