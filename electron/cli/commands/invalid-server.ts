import { describeIssues } from '../../../shared/api';
import { LOOKS_LIKE_FILE } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';

type Issue = { path: ReadonlyArray<PropertyKey>; message: string; code?: string; origin?: string; maximum?: number | bigint };

/** The option of `servers add`/`edit` that gave each part of the entry, for a message in the words typed. */
const OPTION_OF: Readonly<Record<string, string>> = { url: '--url', headers: '--header', env: '--env', cwd: '--cwd', description: '--description', timeoutMs: '--timeout' };

/** The schema's words for an empty or too long value name no option; these say which one and what to give. */
function issueText(issue: Issue): string | undefined {
  const key = String(issue.path[0] ?? '');
  const option = Object.hasOwn(OPTION_OF, key) ? OPTION_OF[key] : undefined;
  if (option === undefined || issue.origin !== 'string') return undefined;
  if (issue.code === 'too_small') return `${option} was given an empty value: give one, or leave ${option} out`;
  if (issue.code === 'too_big' && issue.maximum !== undefined) return `${option} takes at most ${String(issue.maximum)} characters`;
  return undefined;
}

/** A server entry built from `servers add`/`edit` options that the config schema refuses, with what to give instead. */
export function invalidServer(issues: readonly Issue[], command: 'add' | 'edit'): CodedError {
  const onUrl = issues.some((issue) => issue.path[0] === 'url');
  const plain = issues.map(issueText);
  const message = plain.every((text) => text !== undefined) ? plain.join('; ') : `Invalid server: ${describeIssues(issues)}`;
  const fileForUrl = issues.some((issue) => issue.path[0] === 'url' && issue.message.startsWith(LOOKS_LIKE_FILE));
  return new CodedError('invalid_input', message, {
    hint: fileForUrl
      ? command === 'add'
        ? 'A program to run is given after --, as in: connected-services servers add NAME -- ./run.sh'
        : 'A program to run is another kind of server: remove this one and add it with the program after --, as in: connected-services servers add NAME -- ./run.sh'
      : onUrl
      ? "--url takes the service's MCP endpoint as its README gives it, e.g. --url https://mcp.example.com/mcp"
      : `\`connected-services help servers ${command}\` explains its options (docs/cli.md#servers-${command})`,
  });
}
