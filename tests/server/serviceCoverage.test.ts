import { describe, expect, it } from 'vitest';
import { loadServices } from '../../server/rpc/registry.ts';
import { SERVICES } from '../../server/services/coverage.ts';

describe('service coverage', () => {
  it('knows every generated service, so the typecheck of their handlers misses none', async () => {
    const generated = (await loadServices()).map(({ service }) => service.typeName).sort();
    expect(
      Object.values(SERVICES)
        .map((s) => s.typeName)
        .sort(),
    ).toEqual(generated);
    for (const [name, service] of Object.entries(SERVICES)) expect(service.name).toBe(name);
  });
});
