import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** A private JSON Web Key Set as oidc-provider's `jwks` option expects it. */
export interface PrivateJwks {
  keys: JWK[];
}

/**
 * Returns the provider's RS256 signing keys, generating them on first start. Persisting them keeps
 * tokens (and the SPA's session) valid across restarts; without a file they live in memory only.
 */
export async function loadOrCreateSigningKeys(keysFile: string | undefined): Promise<PrivateJwks> {
  if (keysFile) {
    const existing = await readKeys(keysFile);
    if (existing) return existing;
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const jwks: PrivateJwks = { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
  if (keysFile) {
    await mkdir(path.dirname(keysFile), { recursive: true });
    const temporary = `${keysFile}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(jwks, null, 2), { mode: 0o600 });
    await rename(temporary, keysFile);
  }
  return jwks;
}

async function readKeys(keysFile: string): Promise<PrivateJwks | undefined> {
  let text: string;
  try {
    text = await readFile(keysFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<PrivateJwks>;
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) {
    throw new Error(`${keysFile} holds no signing keys; delete it to generate new ones`);
  }
  return { keys: parsed.keys };
}

/** The public half of the keys, for checking our own tokens without an HTTP round trip. */
export function publicJwks(jwks: PrivateJwks): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({
      kty,
      n,
      e,
      crv,
      x,
      y,
      kid,
      alg,
      use,
    })),
  };
}
