/** One thing wrong with a config file, located well enough for a person to fix it. */
export interface ConfigIssue {
  file: string;
  /** The server entry, when the problem is inside one. */
  server?: string | undefined;
  /** Path inside the server entry (or the file), e.g. `args.1`, `headers["My Token"]` (fieldPath). */
  field?: string | undefined;
  message: string;
  /** Its message says what holds until it is fixed (the last good config, the entry in code): nothing to add to it. */
  told?: true;
}

/** Where a problem stands: `field "args.1"`; a path naming a header or variable carries its own quotes (`field headers["My Token"]`). */
export function fieldPlace(field: string): string {
  return field.includes('["') ? `field ${field}` : `field "${field}"`;
}

export function formatIssue(issue: ConfigIssue): string {
  const where = [issue.file];
  if (issue.server !== undefined) where.push(`server "${issue.server}"`);
  if (issue.field !== undefined && issue.field !== '') where.push(fieldPlace(issue.field));
  return `${where.join(': ')}: ${issue.message}`;
}
