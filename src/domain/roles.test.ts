import { describe, expect, it } from 'vitest';
import {
  hasRecognisedGroup,
  isAdminLevel,
  isCompanyAdminOrUp,
  isVendorOrUp,
  mainRole,
  type GroupName,
} from './roles.ts';

type Row = [
  groups: string[],
  main: GroupName | null,
  admin: boolean,
  companyUp: boolean,
  vendorUp: boolean,
  recognised: boolean,
];

const rows: Row[] = [
  [[], null, false, false, false, false],
  [['Developer'], 'Developer', true, true, true, true],
  [['Admin'], 'Admin', true, true, true, false],
  [['Admin', 'Vendor'], 'Admin', true, true, true, true],
  [['Vendor', 'Admin'], 'Admin', true, true, true, true],
  [['Vendor'], 'Vendor', false, false, true, true],
  [['Vendor', 'Company'], 'Vendor', false, true, true, true],
  [['Company'], null, false, true, true, false],
  [['Customer'], 'Customer', false, false, false, true],
  [['Customer', 'Vendor'], 'Vendor', false, false, true, true],
  [['Customer', 'Developer'], 'Developer', true, true, true, true],
  [['Unknown', 'vendor'], null, false, false, false, false],
];

describe('roles', () => {
  it.each(rows)('%j', (groups, main, admin, companyUp, vendorUp, recognised) => {
    expect(mainRole(groups)).toBe(main);
    expect(isAdminLevel(groups)).toBe(admin);
    expect(isCompanyAdminOrUp(groups)).toBe(companyUp);
    expect(isVendorOrUp(groups)).toBe(vendorUp);
    expect(hasRecognisedGroup(groups)).toBe(recognised);
  });
});
