import { describe, expect, it } from 'vitest';
import { matchRoute } from './routeTable.ts';
import { FLOW_BASES, isPublicDepositPath } from './publicDepositPage.ts';

describe('the public deposit page', () => {
  it.each([
    '/nouveau-depot-seconde-main',
    '/nouveau-depot-seconde-main/',
    '/nouveau-depot-seconde-main/1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    '/nouveau-depot-seconde-main/deposit-criteria/1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    '/new-deposit/deposit-info/1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    '/nouveau-depot-seconde-main-validation',
    '/new-deposit-validation',
  ])('answers the flow address %s', (path) => {
    expect(isPublicDepositPath(path)).toBe(true);
    expect(matchRoute(path)?.route.access.kind).toBe('public');
  });

  it.each(['/', '/deposits', '/new-deposits', '/nouveau-depot', '/new-deposit-validationx'])(
    'leaves %s to the app',
    (path) => expect(isPublicDepositPath(path)).toBe(false),
  );

  it('has the bases of the route table', () => {
    for (const base of FLOW_BASES) expect(matchRoute(base)?.route.name).toBeTruthy();
  });
});
