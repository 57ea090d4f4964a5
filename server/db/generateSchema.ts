import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DescEnum, DescFile, DescMessage } from '@bufbuild/protobuf';
import { schemaSql } from './schemaSql.ts';

const GEN_DIR = fileURLToPath(new URL('../../src/rpc/gen/seconde/v1/', import.meta.url));

/** Every message and enum of the generated contracts. */
export async function loadContracts(): Promise<{ messages: DescMessage[]; enums: DescEnum[] }> {
  const messages: DescMessage[] = [];
  const enums: DescEnum[] = [];
  for (const file of (await readdir(GEN_DIR)).filter((f) => f.endsWith('_pb.ts')).sort()) {
    const mod = (await import(pathToFileURL(path.join(GEN_DIR, file)).href)) as Record<
      string,
      unknown
    >;
    const desc = Object.entries(mod).find(([name]) => name.startsWith('file_'))?.[1] as
      DescFile | undefined;
    if (!desc) continue;
    messages.push(...desc.messages);
    enums.push(...desc.enums);
  }
  return { messages, enums };
}

/** `tsx server/db/generateSchema.ts`: prints the schema SQL the contracts call for. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { messages, enums } = await loadContracts();
  process.stdout.write(schemaSql(messages, enums));
}
