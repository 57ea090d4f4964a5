import {
  create,
  fromJson,
  toJson,
  type DescEnum,
  type DescField,
  type DescMessage,
  type JsonValue,
  type MessageShape,
} from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ColumnInfo } from './tableInfo.ts';

type Row = Record<string, unknown>;
type Fields = Record<string, unknown>;

/**
 * A resource message owns a table: it ends with the bookkeeping trio (docs/contracts.md), whose
 * row_version is field 902. Requests that merely carry a row_version are not resources.
 */
export function isResourceMessage(desc: DescMessage): boolean {
  return desc.fields.some((f) => f.name === 'row_version' && f.number === 902);
}

function enumPrefix(desc: DescEnum): string {
  return `${desc.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_`;
}

/** Enum label as stored in the database: the value name without the enum's prefix. */
export function enumToLabel(desc: DescEnum, value: number): string | null {
  if (value === 0) return null;
  const found = desc.values.find((v) => v.number === value);
  if (!found) throw new RangeError(`Unknown value ${value} for ${desc.name}`);
  const prefix = enumPrefix(desc);
  return found.name.startsWith(prefix) ? found.name.slice(prefix.length) : found.name;
}

export function enumFromLabel(desc: DescEnum, label: string | number): number {
  if (typeof label === 'number') return label;
  const prefix = enumPrefix(desc);
  const found = desc.values.find((v) => v.name === prefix + label || v.name === label);
  if (!found) throw new RangeError(`Unknown label ${label} for ${desc.name}`);
  return found.number;
}

const STRUCT = 'google.protobuf.Struct';
const TIMESTAMP = 'google.protobuf.Timestamp';

function messageToDb(message: DescMessage, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (message.typeName === TIMESTAMP) return timestampDate(value as MessageShape<never>);
  if (message.typeName === STRUCT && !(value as { $typeName?: string }).$typeName)
    return JSON.stringify(value);
  return JSON.stringify(toJson(message, value as MessageShape<DescMessage>));
}

function messageFromDb(message: DescMessage, value: unknown): unknown {
  if (message.typeName === TIMESTAMP) return timestampFromDate(value as Date);
  if (message.typeName === STRUCT) return value;
  return fromJson(message, value as JsonValue, { ignoreUnknownFields: true });
}

function scalarToDb(column: ColumnInfo, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === '' && column.udt === 'uuid') return null;
  return value;
}

function scalarFromDb(field: DescField, value: unknown): unknown {
  const kind =
    field.fieldKind === 'scalar' || field.fieldKind === 'list' ? field.scalar : undefined;
  if (kind === undefined) return value;
  if (typeof value === 'string' && kind >= 1 && kind <= 2) return Number(value);
  if (kind === 3 || kind === 4 || kind === 6 || kind === 16 || kind === 18)
    return BigInt(value as string);
  if (typeof value === 'number' && (kind === 9 || kind === 12)) return String(value);
  if (value instanceof Date && kind === 9) return value.toISOString();
  return value;
}

/** The columns a message field maps to: resource views (nested resources) are not columns. */
export function columnFields(
  desc: DescMessage,
  columns: ReadonlyMap<string, ColumnInfo>,
): DescField[] {
  return desc.fields.filter((f) => columns.has(f.name) && !isResourceView(f));
}

export function isResourceView(field: DescField): boolean {
  const message =
    field.fieldKind === 'message' || field.fieldKind === 'list' ? field.message : undefined;
  return message !== undefined && isResourceMessage(message);
}

/** Converts one field value of a message into the value stored in its column. */
export function fieldToDb(field: DescField, column: ColumnInfo, value: unknown): unknown {
  switch (field.fieldKind) {
    case 'scalar':
      return value === undefined ? null : scalarToDb(column, value);
    case 'enum':
      return value === undefined ? null : enumToLabel(field.enum, value as number);
    case 'message':
      return messageToDb(field.message, value);
    case 'map':
      return JSON.stringify(value ?? {});
    case 'list': {
      const items = (value as unknown[] | undefined) ?? [];
      if (field.listKind === 'enum') return items.map((v) => enumToLabel(field.enum, v as number));
      if (field.listKind === 'message')
        return JSON.stringify(items.map((v) => toJson(field.message, v as never)));
      return items
        .filter((v) => !(v === '' && column.udt === '_uuid'))
        .map((v) => scalarToDb(column, v));
    }
  }
}

/** Converts a stored column value back into the message field value. */
export function fieldFromDb(field: DescField, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  switch (field.fieldKind) {
    case 'scalar':
      return scalarFromDb(field, value);
    case 'enum':
      return enumFromLabel(field.enum, value as string);
    case 'message':
      return messageFromDb(field.message, value);
    case 'map':
      return value;
    case 'list': {
      const items = typeof value === 'string' ? parseArrayLiteral(value) : (value as unknown[]);
      if (field.listKind === 'enum')
        return items.map((v) => enumFromLabel(field.enum, v as string));
      if (field.listKind === 'message')
        return items.map((v) => fromJson(field.message, v as JsonValue));
      return items.map((v) => scalarFromDb(field, v));
    }
  }
}

/** Builds a message from a row, leaving unset what the row holds as NULL. */
export function rowToMessage<D extends DescMessage>(
  desc: D,
  columns: ReadonlyMap<string, ColumnInfo>,
  row: Row,
): MessageShape<D> {
  const init: Fields = {};
  for (const field of columnFields(desc, columns)) {
    const value = fieldFromDb(field, row[field.name]);
    if (value !== undefined) init[field.localName] = value;
  }
  return create(desc, init as never);
}

/** Column values of a message, restricted to `only` field names when given. */
export function messageToRow(
  desc: DescMessage,
  columns: ReadonlyMap<string, ColumnInfo>,
  message: Fields,
  only?: ReadonlySet<string>,
): Row {
  const row: Row = {};
  for (const field of columnFields(desc, columns)) {
    if (only && !only.has(field.name)) continue;
    row[field.name] = fieldToDb(field, columns.get(field.name)!, message[field.localName]);
  }
  return row;
}

/**
 * Arrays of our own enum types reach us as PostgreSQL's text form (`{WINTER,SUMMER}`): the driver
 * only parses arrays of built-in types. Enum labels never need quoting, but quoted items are handled.
 */
export function parseArrayLiteral(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  const items: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|([^,]+)/g;
  for (const match of inner.matchAll(pattern)) {
    items.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!.trim());
  }
  return items;
}
