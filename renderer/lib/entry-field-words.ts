import type { EntryField, FieldAtFault } from '../../shared/errors';

/** The edit form's labels for the entry's fields (custom-service-schema.ts), as the screens name them. */
export const ENTRY_FIELD_LABELS: Readonly<Record<EntryField, string>> = {
  url: 'URL',
  command: 'Command',
  args: 'Arguments',
  cwd: 'Folder',
  env: 'Environment variables',
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
