import { pathToFileURL } from 'node:url';
import type { DescEnum, DescMessage } from '@bufbuild/protobuf';
import { loadGeneratedFiles } from '../rpc/registry.ts';
import { schemaSql } from './schemaSql.ts';

/** Every message and enum of the generated contracts. */
export async function loadContracts(): Promise<{ messages: DescMessage[]; enums: DescEnum[] }> {
  const files = await loadGeneratedFiles();
  return { messages: files.flatMap((f) => f.messages), enums: files.flatMap((f) => f.enums) };
}

/** `tsx server/db/generateSchema.ts`: prints the schema SQL the contracts call for. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { messages, enums } = await loadContracts();
  process.stdout.write(schemaSql(messages, enums));
}
