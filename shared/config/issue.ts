/** One thing wrong with a config file, located well enough for a person to fix it. */
export interface ConfigIssue {
  file: string;
  /** The server entry, when the problem is inside one. */
  server?: string | undefined;
  /** Dotted path inside the server entry (or the file), e.g. `args.1`. */
  field?: string | undefined;
  message: string;
}

export function formatIssue(issue: ConfigIssue): string {
  const where = [issue.file];
  if (issue.server !== undefined) where.push(`server "${issue.server}"`);
  if (issue.field !== undefined && issue.field !== '') where.push(`field "${issue.field}"`);
  return `${where.join(': ')}: ${issue.message}`;
}
