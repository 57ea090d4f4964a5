/**
 * Role rules shared by the route guard (browser) and the RPC handlers (server), so both sides
 * decide alike from the same `groups` claim. Pure: no browser or server imports.
 */

/** Groups the identity provider may put in the `groups` claim; anything else is ignored. */
export type GroupName = 'Developer' | 'Admin' | 'Vendor' | 'Customer' | 'Company';

/** Order that decides the main role when a user holds several groups (Company is only a flag). */
const MAIN_ROLE_ORDER: readonly GroupName[] = ['Developer', 'Admin', 'Vendor', 'Customer'];

/** The role a user acts as: the first of Developer, Admin, Vendor, Customer they hold. */
export function mainRole(groups: readonly string[]): GroupName | null {
  return MAIN_ROLE_ORDER.find((group) => groups.includes(group)) ?? null;
}

/** Developer or Admin: may see and change everything. */
export function isAdminLevel(groups: readonly string[]): boolean {
  return groups.includes('Developer') || groups.includes('Admin');
}

/** Company admin (Company flag) or admin-level: may manage a company's vendors. */
export function isCompanyAdminOrUp(groups: readonly string[]): boolean {
  return groups.includes('Company') || isAdminLevel(groups);
}

/** Vendor or company-admin-or-up: may use the vendor side of the app. */
export function isVendorOrUp(groups: readonly string[]): boolean {
  return groups.includes('Vendor') || isCompanyAdminOrUp(groups);
}

/**
 * Route guard step 2: without Vendor, Customer or Developer the user can only reach the user-type
 * choice. Admin alone is deliberately not enough (the spec lists exactly these three).
 */
export function hasRecognisedGroup(groups: readonly string[]): boolean {
  return groups.includes('Vendor') || groups.includes('Customer') || groups.includes('Developer');
}
