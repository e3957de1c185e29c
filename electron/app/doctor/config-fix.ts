import type { ConfigIssue } from '../../../shared/config';
import { joinedList } from '../../../shared/text';

const MAX_NAMED = 5;

/** A problem of the whole file (not of one server's entry), whose own words do not say what happens meanwhile. */
function setsFileAside(issue: ConfigIssue): boolean {
  return issue.told !== true && issue.server === undefined && issue.field !== 'servers';
}

/**
 * What to do about mcp.json's problems, and what holds until then (parse.ts): a problem of the
 * whole file sets all of it aside, so the running app keeps the config it last loaded; a problem
 * in one server's entry leaves out only that server.
 */
export function configFix(file: string, issues: readonly ConfigIssue[]): string {
  if (issues.some(setsFileAside)) return `Fix ${file}; until then the whole file is set aside, and a running app keeps the config it last loaded`;
  const skipped = [...new Set(issues.flatMap((issue) => (issue.server === undefined || issue.told === true ? [] : [`"${issue.server}"`])))];
  if (skipped.length === 0) return `Fix ${file}`;
  // mcp.json may hold a thousand entries: the problems above name each; the fix names a few.
  const list =
    skipped.length === 1
      ? `server ${skipped[0] ?? ''} is`
      : skipped.length > MAX_NAMED
        ? `${skipped.length} servers (${skipped.slice(0, MAX_NAMED).join(', ')}, …) are`
        : `servers ${joinedList(skipped)} are`;
  return `Fix ${file}; until then ${list} left out, and the others load`;
}
