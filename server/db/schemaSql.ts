import type { DescEnum, DescField, DescMessage } from '@bufbuild/protobuf';
import { isResourceMessage, isResourceView } from '../crud/rowMapping.ts';
import { tableOf } from '../rpc/registry.ts';

/**
 * Derives the SQL schema of the resource messages (docs/contracts.md, "Tables"). It wrote the
 * first migration; later migrations are written by hand, and a test checks that the migrated
 * database still has a column of the right kind for every field of every resource message.
 */

/** Columns the spec gives a default (2-business-data.md §3, §9), as enum labels or numbers. */
export const COLUMN_DEFAULTS: Readonly<Record<string, string | number>> = {
  'vendor.negociated_pourcentage_on_price': 20,
  'vendor.stock_view': 1,
  'customer.stock_view': 1,
  'customer.selling_mode': 1,
  'product.quality': 'VERY_GOOD',
  'product.sale_status': 'OFFLINE',
  'deposit.status': 'DRAFT',
  'deposit.qualification_status': 'ACTION_REQUIRED',
  'deposit_image.processing_status': 1,
  'product_image.processing_status': 1,
  'deposit_image.rotation': 0,
  'product_image.rotation': 0,
};

/**
 * Read-only views filled by the server although typed as plain uuids (the link lives elsewhere),
 * and fields filled on read (the channels a released reservation had taken the item off).
 */
const NOT_COLUMNS = new Set([
  'vendor.deposits',
  'storefront_reservation.withdrawn_publishers',
  // Computed on the way out from `iban` (the masked form others than the owner see).
  'customer.iban_masked',
]);

/** Uuid fields whose name is not their table's: a reference all the same. */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  'invoice.credit_note_of': 'invoice',
  // `buyer` holds the marketplace's own buyer object; the link to our buyer record is this one.
  'marketplace_transaction.linked_buyer': 'buyer',
};

/** Children deleted with their parent; every other reference refuses the parent's deletion. */
const CASCADE = new Set([
  'deposit_image.deposit',
  'deposit_product_category.deposit',
  'product_image.product',
  'product_announcement.product',
  'product_buyer.product',
  'rate_slide.deposit',
]);

/** Lookups the app makes on every call or every list. */
const UNIQUE = [
  'vendor (identity_user_uuid)',
  'customer (identity_user_uuid)',
  'vendor (lower(email))',
  'deposit (vendor, name)',
];

/** Columns every list filters or sorts on. */
const INDEXES = [
  'deposit (status)',
  'deposit (created_at)',
  'product (sale_status)',
  'product (created_at)',
];

export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function enumPrefix(desc: DescEnum): string {
  return `${snakeCase(desc.name).toUpperCase()}_`;
}

export function enumLabels(desc: DescEnum): string[] {
  const prefix = enumPrefix(desc);
  return desc.values
    .filter((v) => v.number !== 0)
    .map((v) => (v.name.startsWith(prefix) ? v.name.slice(prefix.length) : v.name));
}

const q = (name: string) => `"${name}"`;

function singular(plural: string): string {
  if (plural.endsWith('ies')) return `${plural.slice(0, -3)}y`;
  return plural.endsWith('s') ? plural.slice(0, -1) : plural;
}

const SCALAR_TYPES: Record<number, string> = {
  1: 'double precision',
  2: 'real',
  3: 'bigint',
  4: 'bigint',
  5: 'integer',
  6: 'bigint',
  7: 'integer',
  8: 'boolean',
  9: 'text',
  12: 'bytea',
  13: 'integer',
  15: 'integer',
  16: 'bigint',
  17: 'integer',
  18: 'bigint',
};

export interface ColumnPlan {
  readonly name: string;
  readonly type: string;
  readonly references?: string;
  readonly defaultSql?: string;
  readonly notNull?: boolean;
}

/** The column a field becomes, or undefined for read-only views. */
export function columnFor(
  table: string,
  field: DescField,
  tables: ReadonlySet<string>,
): ColumnPlan | undefined {
  if (isResourceView(field) || NOT_COLUMNS.has(`${table}.${field.name}`)) return undefined;
  const name = field.name;
  const configured = COLUMN_DEFAULTS[`${table}.${name}`];
  if (name === 'uuid')
    return { name, type: 'uuid', defaultSql: 'gen_random_uuid()', notNull: true };
  if (name === 'created_at' || name === 'updated_at')
    return { name, type: 'timestamptz', defaultSql: 'now()', notNull: true };
  if (name === 'row_version') return { name, type: 'integer', defaultSql: '1', notNull: true };
  const named = NAMED_REFERENCES[`${table}.${name}`];
  if (named) return { name, type: 'uuid', references: named };
  switch (field.fieldKind) {
    case 'scalar': {
      if (field.scalar === 9 && tables.has(name) && name !== table)
        return { name, type: 'uuid', references: name };
      const type = SCALAR_TYPES[field.scalar] ?? 'text';
      if (type === 'boolean') return { name, type, defaultSql: 'false', notNull: true };
      return {
        name,
        type,
        ...(configured !== undefined ? { defaultSql: String(configured) } : {}),
      };
    }
    case 'enum': {
      const type = snakeCase(field.enum.name);
      if (configured === undefined) return { name, type };
      const label =
        typeof configured === 'number' ? enumLabels(field.enum)[configured - 1] : configured;
      return { name, type, defaultSql: `'${label}'` };
    }
    case 'message':
      return field.message.typeName === 'google.protobuf.Timestamp'
        ? { name, type: 'timestamptz' }
        : { name, type: 'jsonb' };
    case 'map':
      return { name, type: 'jsonb' };
    case 'list': {
      if (field.listKind === 'enum') return { name, type: `${snakeCase(field.enum.name)}[]` };
      if (field.listKind === 'message') return { name, type: 'jsonb' };
      if (field.scalar === 9 && tables.has(singular(name))) return { name, type: 'uuid[]' };
      return { name, type: `${SCALAR_TYPES[field.scalar] ?? 'text'}[]` };
    }
  }
}

/** CREATE statements for every enum and resource table, then foreign keys and indexes. */
export function schemaSql(messages: readonly DescMessage[], enums: readonly DescEnum[]): string {
  const resources = messages.filter(isResourceMessage);
  const tables = new Set(resources.map(tableOf));
  const out: string[] = [
    '-- Initial schema: every resource message of proto/ as a table (docs/contracts.md).',
    '',
  ];
  for (const desc of [...enums].sort((a, b) => a.name.localeCompare(b.name))) {
    const labels = enumLabels(desc).map((l) => `'${l}'`);
    out.push(`create type ${q(snakeCase(desc.name))} as enum (${labels.join(', ')});`);
  }
  const constraints: string[] = [];
  for (const desc of resources) {
    const table = tableOf(desc);
    const columns = desc.fields
      .map((f) => columnFor(table, f, tables))
      .filter((c): c is ColumnPlan => c !== undefined);
    const lines = columns.map((c) => {
      const parts = [
        q(c.name),
        c.type.endsWith('[]') || !/^[a-z_]+$/.test(c.type) || SQL_TYPES.has(c.type)
          ? c.type
          : q(c.type),
      ];
      if (c.type.endsWith('[]') && !SQL_TYPES.has(c.type.slice(0, -2)))
        parts[1] = `${q(c.type.slice(0, -2))}[]`;
      if (c.name === 'uuid') parts.push('primary key');
      if (c.notNull) parts.push('not null');
      if (c.defaultSql !== undefined) parts.push(`default ${c.defaultSql}`);
      return `  ${parts.join(' ')}`;
    });
    out.push('', `create table ${q(table)} (`, lines.join(',\n'), ');');
    for (const c of columns.filter((c) => c.references)) {
      const action = CASCADE.has(`${table}.${c.name}`) ? 'cascade' : 'restrict';
      constraints.push(
        `alter table ${q(table)} add constraint ${q(`${table}_${c.name}_fkey`)} foreign key (${q(c.name)}) references ${q(c.references!)} (uuid) on delete ${action};`,
        `create index ${q(`${table}_${c.name}_idx`)} on ${q(table)} (${q(c.name)});`,
      );
    }
  }
  out.push('', ...constraints, '');
  UNIQUE.forEach((u, i) =>
    out.push(
      `create unique index "unique_${i + 1}_${u.split(' ')[0]}" on ${u.replace(/^(\w+)/, '"$1"')};`,
    ),
  );
  INDEXES.forEach((u, i) =>
    out.push(`create index "index_${i + 1}_${u.split(' ')[0]}" on ${u.replace(/^(\w+)/, '"$1"')};`),
  );
  out.push('');
  return out.join('\n');
}

const SQL_TYPES = new Set([
  'uuid',
  'text',
  'integer',
  'bigint',
  'boolean',
  'double precision',
  'real',
  'bytea',
  'timestamptz',
  'jsonb',
]);
