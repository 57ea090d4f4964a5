import { describe, expect, it } from 'vitest';
import { aliasRoutes, declaredPaths } from './aliasRoutes.tsx';

describe('aliasRoutes', () => {
  it('lists the paths areas declare, through nested and pathless routes', () => {
    expect(
      declaredPaths([
        { path: 'contacts' },
        { children: [{ path: 'new-deposit', children: [{ index: true }, { path: ':id' }] }] },
      ]),
    ).toEqual(['contacts', 'new-deposit', 'new-deposit/:id']);
  });

  it('generates one redirect per alias of the route table, the rest of the path kept', () => {
    expect(aliasRoutes([]).map((r) => r.path)).toEqual(
      expect.arrayContaining([
        'customers/*',
        'customer/:customerUuid/*',
        'deposits-available/*',
        'inventory/*',
        'new-deposit/*',
        'new-deposit-validation/*',
      ]),
    );
  });

  it('leaves out aliases an area serves itself', () => {
    const served = [{ path: 'new-deposit' }, { path: 'new-deposit-validation' }];
    const paths = aliasRoutes(served).map((r) => r.path);
    expect(paths).not.toContain('new-deposit/*');
    expect(paths).not.toContain('new-deposit-validation/*');
    expect(paths).toContain('customers/*');
  });
});
