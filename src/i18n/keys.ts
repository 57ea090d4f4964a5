import type { GroupName } from '../domain/roles.ts';

/** Translation key of a main role; machines hold the role, views translate it. */
export function roleKey(role: GroupName | null): string {
  switch (role) {
    case 'Developer':
      return 'role.developer';
    case 'Admin':
      return 'role.admin';
    case 'Vendor':
      return 'role.vendor';
    case 'Customer':
      return 'role.customer';
    case 'Company':
    case null:
      return 'role.none';
  }
}
