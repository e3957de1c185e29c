import type { EntryField, FieldAtFault } from '../../shared/errors';

/** The edit form's labels for the entry's fields (custom-service-schema.ts), as the screens name them. */
export const ENTRY_FIELD_LABELS: Readonly<Record<EntryField, string>> = {
  url: 'URL',
  command: 'Command',
  args: 'Arguments',
  cwd: 'Folder',
  env: 'Environment variables',
  description: 'Description',
};

/**
 * What to do about an entry error where Edit is beside it: the core's hint names the entry's key in
 * mcp.json (`"cwd"`), the form calls it by its label, and the field comes from `data.field`, not the words.
 */
export function editFieldHint(at: FieldAtFault): string {
  const label = ENTRY_FIELD_LABELS[at.field];
  const which = at.field === 'args' && at.index !== undefined ? `argument ${at.index + 1} of its ${label}` : `its ${label}`;
  return `Press Edit to correct ${which}.`;
}

/** A field of the entry by the form's label; `name` is a variable's or header's own name, shown as code. */
export interface EntryFieldName {
  words: string;
  name?: string;
}

const WHOLE: Readonly<Record<string, string>> = { url: 'URL', command: 'Command', cwd: 'Folder', description: 'Description' };
/** `args[1]` (the edit review's) or `args.1` (a zod path, mcp.json's problems). */
const ARG = /^args(?:\[(\d+)\]|\.(\d+))$/;
/** `env.TOKEN` (the edit review's) or `env["TOKEN"]` (fieldPath in shared/config, its quotes and backslashes escaped). */
const NAMED = /^(env|headers)(?:\.(.+)|\["((?:[^"\\]|\\.)*)"\])$/s;

/**
 * An entry's field path as the form calls it (Folder, Argument 2, Environment variable TOKEN); undefined
 * for one the form has no label for (`auth.scopes`), which is shown as its path.
 */
export function entryFieldName(path: string): EntryFieldName | undefined {
  const whole = WHOLE[path];
  if (whole !== undefined) return { words: whole };
  const arg = ARG.exec(path);
  if (arg !== null) return { words: `Argument ${Number(arg[1] ?? arg[2]) + 1}` };
  const named = NAMED.exec(path);
  if (named === null) return undefined;
  // Only the quote and backslash escapes are undone: `\u200b` stays, the mark of a hidden character.
  const name = named[2] ?? (named[3] ?? '').replace(/\\(["\\])/g, '$1');
  return { words: named[1] === 'env' ? 'Environment variable' : 'Header', name };
}

/** The field an entry error names, by the form's label (Argument 2, Folder, Environment variables). */
export function atFaultLabel(at: FieldAtFault): string {
  return at.field === 'args' && at.index !== undefined ? `Argument ${at.index + 1}` : ENTRY_FIELD_LABELS[at.field];
}
