import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createS3Objects, type S3Settings } from '../../media/s3Storage.ts';
import { PROOF_KINDS, type ProofKind } from '../../../src/domain/company/proofFile.ts';

/**
 * Where companies' proofs of registration (Kbis) are kept: next to the issued documents (the
 * private folder of the data directory, or the bucket without any public ACL), under keys of their
 * own. Nothing serves them over HTTP: the /media route only reads photo keys, a shape no proof key
 * has, and the only way out is DownloadProofOfRegistration, which the authorisation table checks.
 */
export interface ProofStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<Uint8Array | null>;
}

/** `companies/<company uuid>/proof-<sha-256 of the bytes>.<pdf|jpg|png>`, and nothing else. */
export const PROOF_KEY =
  /^companies\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/proof-[0-9a-f]{64}\.(pdf|jpg|png)$/;

export function isProofKey(key: string): boolean {
  return PROOF_KEY.test(key);
}

export function proofKey(company: string, sha256: string, kind: ProofKind): string {
  const key = `companies/${company.toLowerCase()}/proof-${sha256}.${kind}`;
  if (!isProofKey(key)) throw new Error(`Not a proof key: ${key}`);
  return key;
}

/** The kind a proof key stands for, from its extension. */
export function proofKindOfKey(key: string): ProofKind {
  return key.slice(key.lastIndexOf('.') + 1) as ProofKind;
}

export function createLocalProofStore(root: string): ProofStore {
  return {
    async put(key, data) {
      if (!isProofKey(key)) throw new Error(`Not a proof key: ${key}`);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      if (!isProofKey(key)) return null;
      try {
        return new Uint8Array(await readFile(path.join(root, key)));
      } catch {
        return null;
      }
    },
  };
}

export function createS3ProofStore(settings: S3Settings): ProofStore {
  const objects = createS3Objects(settings);
  return {
    async put(key, data) {
      if (!isProofKey(key)) throw new Error(`Not a proof key: ${key}`);
      await objects.put(key, data, PROOF_KINDS[proofKindOfKey(key)].contentType);
    },
    async get(key) {
      if (!isProofKey(key)) return null;
      return objects.get(key);
    },
  };
}
