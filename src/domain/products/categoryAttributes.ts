/**
 * Category attributes (material, pattern, defects...) a product answers, with the rules the
 * reference data sets: a required flag per category assignment, a selection limit, a custom
 * validation message. Shared by the product form and the products service (which refuses with
 * CATEGORY_ATTRIBUTE_INVALID). Pure; the shapes are structural so proto messages fit.
 *
 * Answers live in `category_attribute_values`, keyed by attribute code; each answer is the list of
 * chosen options' marketplace ids (a list even for a single choice), since options carry no other
 * stable key and publishing needs those ids.
 */

export interface AttributeOption {
  readonly marketplaceId: number;
  readonly title: string;
  readonly children?: readonly AttributeOption[];
}

export interface AttributeDefinition {
  readonly uuid: string;
  readonly code: string;
  readonly title: string;
  readonly description?: string;
  readonly placeholder?: string;
  /** 'single' or 'multiple'. */
  readonly selectionType: string;
  /** Most options a multiple selection takes; 0 means no limit. */
  readonly selectionLimit: number;
  readonly validationErrorMessage: string;
  readonly order: number;
  readonly options: readonly AttributeOption[];
}

export interface AttributeAssignment {
  readonly categoryAttribute: string;
  readonly required: boolean;
  readonly order: number;
}

/** An attribute as one category asks for it. */
export interface CategoryAttributeField {
  readonly attribute: AttributeDefinition;
  /** The category's assignment decides (its proto comment says so), not the attribute's default. */
  readonly required: boolean;
  /** 1 for a single choice, the selection limit otherwise (0: unlimited). */
  readonly maxSelected: number;
}

/**
 * The attributes a category asks for, in assignment order. Assignments naming an unknown
 * attribute are skipped.
 */
export function attributesForCategory(
  assignments: readonly AttributeAssignment[],
  attributes: readonly AttributeDefinition[],
): CategoryAttributeField[] {
  const byUuid = new Map(attributes.map((a) => [a.uuid, a]));
  return [...assignments]
    .sort((a, b) => a.order - b.order)
    .flatMap((assignment) => {
      const attribute = byUuid.get(assignment.categoryAttribute);
      if (!attribute) return [];
      return [{ attribute, required: assignment.required, maxSelected: maxSelected(attribute) }];
    });
}

function maxSelected(attribute: AttributeDefinition): number {
  return attribute.selectionType === 'single' ? 1 : Math.max(0, attribute.selectionLimit);
}

/** Every option of an attribute, nested ones included. */
export function flattenOptions(options: readonly AttributeOption[]): AttributeOption[] {
  return options.flatMap((o) => [o, ...flattenOptions(o.children ?? [])]);
}

/**
 * One stored answer as a list of option ids. Accepts a bare number or numeric string too (a single
 * choice written by hand or by an import); anything else reads as no answer.
 */
export function readSelection(value: unknown): number[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.flatMap((v) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isInteger(n) ? [n] : [];
  });
}

export type AttributeIssueKind = 'REQUIRED' | 'TOO_MANY' | 'UNKNOWN_OPTION';

export interface AttributeIssue {
  readonly code: string;
  readonly kind: AttributeIssueKind;
  /** The attribute's own message from the reference data; empty when it has none. */
  readonly message: string;
  /** The limit broken, for TOO_MANY. */
  readonly limit?: number;
}

export interface ValidateOptions {
  /**
   * Check required attributes. The form always does; the server does when the change touches the
   * category or the answers, so an unrelated change never fails on an older product's gaps.
   */
  readonly requireAnswers: boolean;
}

/**
 * The problems of a product's answers for its category, one per attribute at most. Answers to
 * attributes the category does not ask for are ignored (see `pruneValues`).
 */
export function validateAttributeValues(
  fields: readonly CategoryAttributeField[],
  values: Readonly<Record<string, unknown>> | null | undefined,
  { requireAnswers }: ValidateOptions = { requireAnswers: true },
): AttributeIssue[] {
  const issues: AttributeIssue[] = [];
  for (const { attribute, required, maxSelected } of fields) {
    const chosen = readSelection(values?.[attribute.code]);
    const issue = (kind: AttributeIssueKind, limit?: number): AttributeIssue => ({
      code: attribute.code,
      kind,
      message: attribute.validationErrorMessage,
      ...(limit === undefined ? {} : { limit }),
    });
    const known = new Set(flattenOptions(attribute.options).map((o) => o.marketplaceId));
    if (chosen.some((id) => !known.has(id))) issues.push(issue('UNKNOWN_OPTION'));
    else if (maxSelected > 0 && new Set(chosen).size > maxSelected)
      issues.push(issue('TOO_MANY', maxSelected));
    else if (requireAnswers && required && chosen.length === 0) issues.push(issue('REQUIRED'));
  }
  return issues;
}

/** Keeps only the answers the category asks for, as clean id lists (used when the category changes). */
export function pruneValues(
  fields: readonly CategoryAttributeField[],
  values: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, number[]> {
  const kept: Record<string, number[]> = {};
  for (const { attribute } of fields) {
    const chosen = readSelection(values?.[attribute.code]);
    if (chosen.length > 0) kept[attribute.code] = chosen;
  }
  return kept;
}
