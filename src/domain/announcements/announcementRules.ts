import { unknownPlaceholders } from './placeholders.ts';

/** The fields of an announcement the rules look at. */
export interface AnnouncementText {
  readonly name: string;
  readonly title: string;
  readonly description: string;
}

export type AnnouncementField = keyof AnnouncementText;

/** One thing wrong with an announcement, for the field it is about. */
export type AnnouncementProblem =
  | { readonly field: 'name' | 'title'; readonly problem: 'required' }
  | {
      readonly field: 'title' | 'description';
      readonly problem: 'unknownPlaceholder';
      /** The placeholder as written, braces left out. */
      readonly name: string;
    };

/**
 * What stops an announcement from being saved: a name and a title are required (spaces count as
 * blank), and every `{placeholder}` must be a known one. The editor shows these under each field;
 * the server refuses the same with INVALID_ARGUMENT or ANNOUNCEMENT_PLACEHOLDER_UNKNOWN.
 */
export function announcementProblems(text: AnnouncementText): AnnouncementProblem[] {
  const problems: AnnouncementProblem[] = [];
  if (!text.name.trim()) problems.push({ field: 'name', problem: 'required' });
  if (!text.title.trim()) problems.push({ field: 'title', problem: 'required' });
  for (const field of ['title', 'description'] as const) {
    const [name] = unknownPlaceholders(text[field]);
    if (name !== undefined) problems.push({ field, problem: 'unknownPlaceholder', name });
  }
  return problems;
}

/** The placeholder an ANNOUNCEMENT_PLACEHOLDER_UNKNOWN message names (`… {couleur}`). */
export function placeholderNamed(message: string | undefined): string {
  return /\{([^{}]+)\}/.exec(message ?? '')?.[1] ?? '';
}
