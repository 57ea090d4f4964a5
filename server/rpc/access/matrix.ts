import { format, resolveConfig } from 'prettier';
import { ROLES, type MethodRule, type ServiceEntry } from './rules.ts';

function referencesOf(rule: MethodRule): string {
  if (rule.draftToken) return 'the draft token (checked by the handler)';
  return rule.references.map((r) => `\`${r.path}\` → ${r.table} (${r.mode})`).join('<br>');
}

function row(name: string, rule: MethodRule): string {
  const roles = ROLES.map((role) => (rule.roles.includes(role) ? '✓' : ''));
  const cells = [
    name,
    ...roles,
    rule.gate ? 'yes' : '',
    rule.scope ?? '',
    referencesOf(rule) || '—',
  ];
  return `| ${cells.join(' | ')} |`;
}

/**
 * The roles × methods matrix of the authorisation table, as Markdown for `docs/`. Generated, never
 * edited: `npm run docs:access` writes it and a test fails when it drifts from the table.
 */
export async function renderAccessMatrix(
  table: readonly ServiceEntry[],
  file: string,
): Promise<string> {
  const lines = [
    '<!-- Generated from server/rpc/access/table.ts by `npm run docs:access`; do not edit. -->',
    '',
    '# Who may call what',
    '',
    'Every method of every service, as the server applies it before any handler runs:',
    '',
    '- **roles**: the caller’s main role (Visitor: no token; NoGroup: signed in, no type chosen yet).',
    '  Any other role is refused with `FORBIDDEN`.',
    '- **gate**: the subscription gate applies; a vendor without a plan is refused with',
    '  `SUBSCRIPTION_UPDATE_NEEDED`.',
    '- **rows**: the table whose row policy (`server/crud/policies.ts`) decides which rows the call',
    '  sees or changes.',
    '- **references**: request fields naming other rows; each must be a row the caller may read or',
    '  write under its table’s policy, or the call is refused with `FORBIDDEN`',
    '  (`UNKNOWN_REFERENCE` when no such row exists). Staff pass every reference check.',
    '',
  ];
  const header = ['method', ...ROLES, 'gate', 'rows', 'references'];
  const sorted = [...table].sort((a, b) => a.service.name.localeCompare(b.service.name));
  for (const { service, methods } of sorted) {
    lines.push(`## ${service.name}`, '');
    lines.push(`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`);
    for (const method of service.methods) {
      const rule = methods[method.localName];
      if (rule) lines.push(row(method.name, rule));
    }
    lines.push('');
  }
  const options = (await resolveConfig(file)) ?? {};
  return format(lines.join('\n'), { ...options, filepath: file });
}
