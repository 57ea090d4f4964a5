import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Code } from '@connectrpc/connect';
import type { Caller } from '../rpc/caller.ts';
import { fail } from '../rpc/reasons.ts';

/** A row filter for one caller: `all`, `none`, or a condition on the row alias. */
export type Scope = 'all' | 'none' | ((alias: string) => RawBuilder<SqlBool>);

/**
 * Who may read and write which rows of one table. Admin-level callers (Developer, Admin) pass
 * everything before a policy is asked; a policy decides for vendors and customers only.
 */
export interface Policy {
  read(caller: Caller): Scope;
  write(caller: Caller): Scope;
  /**
   * Fills ownership columns left empty on create (a vendor's new row is the vendor's); a row naming
   * another owner is refused, never rewritten.
   */
  prepareCreate?(caller: Caller, row: Record<string, unknown>): void;
}

/** Sets `row[column]` to the caller's own uuid when empty; refuses any other value. */
function fillOwner(row: Record<string, unknown>, column: string, own: string | null): void {
  const named = row[column];
  if (named !== undefined && named !== null && named !== '' && named !== own)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', `${column} names a vendor other than yours`);
  row[column] = own;
}

const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
let aliasCounter = 0;
const nextAlias = () => `p${++aliasCounter % 1000}`;

/** Scope of a parent table as a sub-select, so child rows follow their parent's owner. */
function inParent(parent: string, scope: Scope, column: string): Scope {
  if (scope === 'all' || scope === 'none') return scope;
  return (alias) => {
    const inner = nextAlias();
    return sql<SqlBool>`${col(alias, column)} in (select ${col(inner, 'uuid')} from ${sql.table(parent)} as ${sql.id(inner)} where ${scope(inner)})`;
  };
}

/**
 * Reference data: every caller reads it, even a visitor who is not signed in (the public deposit
 * form lists categories and brands); only admin-level callers change it.
 */
const reference: Policy = { read: () => 'all', write: () => 'none' };

/** Staff-only data (admin-level passes before the policy is asked). */
const staffOnly: Policy = { read: () => 'none', write: () => 'none' };

function ownedByVendor(column = 'vendor'): Policy {
  const scope = (c: Caller): Scope =>
    c.vendorUuid ? (alias) => sql<SqlBool>`${col(alias, column)} = ${c.vendorUuid}` : 'none';
  return {
    read: scope,
    write: scope,
    prepareCreate: (c, row) => fillOwner(row, column, c.vendorUuid),
  };
}

const vendor: Policy = {
  read: (c) => (c.vendorUuid ? (a) => sql<SqlBool>`${col(a, 'uuid')} = ${c.vendorUuid}` : 'none'),
  write: (c) => (c.vendorUuid ? (a) => sql<SqlBool>`${col(a, 'uuid')} = ${c.vendorUuid}` : 'none'),
};

const customer: Policy = {
  read: (c) =>
    c.vendorUuid
      ? (a) => sql<SqlBool>`${c.vendorUuid}::uuid = any(${col(a, 'vendors')})`
      : c.customerUuid
        ? (a) => sql<SqlBool>`${col(a, 'uuid')} = ${c.customerUuid}`
        : 'none',
  write: (c) => customer.read(c),
  prepareCreate: (c, row) => {
    if (!c.vendorUuid) return;
    const vendors = (row.vendors as string[] | null) ?? [];
    const others = vendors.filter((v) => v !== c.vendorUuid);
    if (others.length > 0)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'vendors names another vendor');
    row.vendors = [c.vendorUuid];
  },
};

/** Restituted deposits disappear from the vendor (2-business-data.md §4); customers read theirs. */
const deposit: Policy = {
  read: (c) =>
    c.vendorUuid
      ? (a) =>
          sql<SqlBool>`${col(a, 'vendor')} = ${c.vendorUuid} and ${col(a, 'status')} is distinct from 'RESTITUED'`
      : c.customerUuid
        ? (a) => sql<SqlBool>`${col(a, 'customer')} = ${c.customerUuid}`
        : 'none',
  write: (c) =>
    c.vendorUuid
      ? (a) =>
          sql<SqlBool>`${col(a, 'vendor')} = ${c.vendorUuid} and ${col(a, 'status')} is distinct from 'RESTITUED'`
      : 'none',
  prepareCreate: (c, row) => {
    if (c.vendorUuid) fillOwner(row, 'vendor', c.vendorUuid);
  },
};

/** Customers may read their inventory but never edit it (2-business-data.md §5). */
function childOf(parent: string, parentPolicy: Policy, column: string): Policy {
  return {
    read: (c) => inParent(parent, parentPolicy.read(c), column),
    write: (c) => inParent(parent, parentPolicy.write(c), column),
  };
}

const product = childOf('deposit', deposit, 'deposit');

const company: Policy = {
  read: (c) =>
    c.vendorUuid
      ? (a) =>
          sql<SqlBool>`${col(a, 'uuid')} = (select company from vendor where uuid = ${c.vendorUuid})`
      : 'none',
  /**
   * The company's administrator acts for it: CompanyService's update, its rate slides. Other
   * members only read it.
   */
  write: (c) =>
    c.vendorUuid
      ? (a) =>
          sql<SqlBool>`${col(a, 'uuid')} = (select company from vendor where uuid = ${c.vendorUuid} and is_company_admin)`
      : 'none',
};

const companyOf = (c: Caller, adminOnly: boolean) =>
  adminOnly
    ? sql`(select company from vendor where uuid = ${c.vendorUuid} and is_company_admin)`
    : sql`(select company from vendor where uuid = ${c.vendorUuid})`;

/**
 * Rate slides: a vendor reads their own, their deposits' and their company's (every member reads
 * the company's, edit-profile/rates-company); writes their own and their deposits', and the
 * company's only as its administrator.
 */
const rateSlideScope =
  (mode: 'read' | 'write') =>
  (c: Caller): Scope => {
    if (!c.vendorUuid) return 'none';
    const inDeposits = inParent('deposit', deposit[mode](c), 'deposit');
    const ofDeposits = (a: string) =>
      typeof inDeposits === 'function' ? inDeposits(a) : sql<SqlBool>`${inDeposits === 'all'}`;
    return (a) =>
      sql<SqlBool>`(${col(a, 'vendor')} = ${c.vendorUuid}
        or ${ofDeposits(a)}
        or ${col(a, 'company')} = ${companyOf(c, mode === 'write')})`;
  };
const rateSlide: Policy = {
  read: rateSlideScope('read'),
  write: rateSlideScope('write'),
  prepareCreate: (c, row) => {
    if (!row.deposit && !row.company) fillOwner(row, 'vendor', c.vendorUuid);
  },
};

/**
 * Announcements: a vendor reads their own and their company's (every member reads those); writes
 * their own, and the company's when they administer it.
 */
const announcementScope =
  (adminOnly: boolean) =>
  (c: Caller): Scope =>
    c.vendorUuid
      ? (a) =>
          sql<SqlBool>`(${col(a, 'vendor')} = ${c.vendorUuid} or (${col(a, 'company')} is not null and ${col(a, 'company')} = ${companyOf(c, adminOnly)}))`
      : 'none';
const announcement: Policy = {
  read: announcementScope(false),
  write: announcementScope(true),
};

const invoice: Policy = {
  read: (c) =>
    c.vendorUuid
      ? (a) => sql<SqlBool>`${col(a, 'vendor')} = ${c.vendorUuid}`
      : c.customerUuid
        ? (a) => sql<SqlBool>`${col(a, 'customer')} = ${c.customerUuid}`
        : 'none',
  write: () => 'none',
};

/** Buyers of the caller's sold items: a sale record on a product of one of their deposits. */
const ofOwnSales = (c: Caller, alias: string) =>
  sql<SqlBool>`${col(alias, 'uuid')} in (select pb.buyer from product_buyer pb
    join product p on p.uuid = pb.product join deposit d on d.uuid = p.deposit
    where d.vendor = ${c.vendorUuid})`;

/**
 * Buyers (docs/decisions.md, "Buyers and the last calls"): a vendor reads those they recorded and
 * the buyers of their sold items; they edit their own and the owner-less (staff-recorded) buyers
 * of their sales, never another vendor's record of the same person.
 */
const buyer: Policy = {
  read: (c) =>
    c.vendorUuid
      ? (a) => sql<SqlBool>`(${col(a, 'vendor')} = ${c.vendorUuid} or ${ofOwnSales(c, a)})`
      : 'none',
  write: (c) =>
    c.vendorUuid
      ? (a) =>
          sql<SqlBool>`(${col(a, 'vendor')} = ${c.vendorUuid} or (${col(a, 'vendor')} is null and ${ofOwnSales(c, a)}))`
      : 'none',
  prepareCreate: (c, row) => fillOwner(row, 'vendor', c.vendorUuid),
};

/** Per table; a table missing here is staff-only, so a new resource is closed until decided. */
export const POLICIES: Readonly<Record<string, Policy>> = {
  category: reference,
  category_attribute: reference,
  color: reference,
  product_size: reference,
  brand: reference,
  country: reference,
  vendor,
  customer,
  deposit,
  product,
  deposit_image: childOf('deposit', deposit, 'deposit'),
  deposit_product_category: childOf('deposit', deposit, 'deposit'),
  product_image: childOf('product', product, 'product'),
  product_announcement: childOf('product', product, 'product'),
  product_buyer: childOf('product', product, 'product'),
  buyer,
  company,
  invoice,
  announcement,
  rate_slide: rateSlide,
  subscription: { ...ownedByVendor(), write: () => 'none' },
  vendor_connector: ownedByVendor(),
  background_task: { read: ownedByVendor('owner_object_uuid').read, write: () => 'none' },
  support_ticket: ownedByVendor(),
  // Written by the publishing services only; the vendor reads those of their products.
  product_listing: { read: childOf('product', product, 'product').read, write: () => 'none' },
  product_event: { read: childOf('product', product, 'product').read, write: () => 'none' },
  storefront_reservation: { read: ownedByVendor().read, write: () => 'none' },
  // A vendor's own delivery places; labels are written by ShippingLabelService only.
  delivery_place: ownedByVendor(),
  shipping_label: { read: ownedByVendor().read, write: () => 'none' },
  // Payouts are written by PayoutService only: the vendor reads theirs, the depositor their own.
  payout: { read: invoice.read, write: () => 'none' },
  sepa_batch: { read: ownedByVendor().read, write: () => 'none' },
  // Payment processes are written by PaymentProcessService and the provider's webhook only.
  payment_process: { read: ownedByVendor().read, write: () => 'none' },
  // Imported marketplace sales: the vendor reads theirs; the imports and the link write them.
  marketplace_transaction: { read: ownedByVendor().read, write: () => 'none' },
};

export function policyFor(table: string): Policy {
  return POLICIES[table] ?? staffOnly;
}

/** What a caller who is not signed in may read: reference tables only, through their lists. */
export function anonymousScope(table: string): Scope {
  return POLICIES[table] === reference ? 'all' : 'none';
}

/** The effective scope: admin-level callers see every row. */
export function scopeFor(caller: Caller, table: string, mode: 'read' | 'write'): Scope {
  if (caller.isAdminLevel) return 'all';
  return policyFor(table)[mode](caller);
}
