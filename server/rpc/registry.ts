import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { DescFile, DescMessage, DescService } from '@bufbuild/protobuf';
import { isResourceMessage } from '../crud/rowMapping.ts';

const GEN_DIR = fileURLToPath(new URL('../../src/rpc/gen/seconde/v1/', import.meta.url));

export interface ServiceEntry {
  readonly service: DescService;
  /** The resource the service manages (`Deposit` for `DepositService`), when it has a table. */
  readonly resource: DescMessage | undefined;
  readonly table: string | undefined;
}

export function tableOf(message: DescMessage): string {
  return message.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Every generated file descriptor, read from the generated folder in name order. */
export async function loadGeneratedFiles(): Promise<DescFile[]> {
  const files = (await readdir(GEN_DIR))
    .filter((f) => f.endsWith('_pb.ts') || f.endsWith('_pb.js'))
    .sort();
  const descs: DescFile[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(GEN_DIR, file)).href)) as Record<
      string,
      unknown
    >;
    const desc = Object.entries(mod).find(([name]) => name.startsWith('file_'))?.[1] as
      DescFile | undefined;
    if (desc) descs.push(desc);
  }
  return descs;
}

/**
 * Every generated service, found by reading the generated folder: a new `.proto` is served
 * (answering Unimplemented where nothing handles it) without touching a list by hand.
 */
export async function loadServices(): Promise<ServiceEntry[]> {
  const entries: ServiceEntry[] = [];
  for (const desc of await loadGeneratedFiles()) {
    for (const service of desc.services) {
      const resourceName = service.name.replace(/Service$/, '');
      const resource = desc.messages.find((m) => m.name === resourceName && isResourceMessage(m));
      entries.push({ service, resource, table: resource ? tableOf(resource) : undefined });
    }
  }
  return entries;
}
