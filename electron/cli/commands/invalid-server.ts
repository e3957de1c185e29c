import { describeIssues } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** A server entry built from `servers add`/`edit` options that the config schema refuses, with what to give instead. */
export function invalidServer(issues: readonly Issue[], command: 'add' | 'edit'): CodedError {
  const onUrl = issues.some((issue) => issue.path[0] === 'url');
  return new CodedError('invalid_input', `Invalid server: ${describeIssues(issues)}`, {
    hint: onUrl
      ? "--url takes the service's MCP endpoint as its README gives it, e.g. --url https://mcp.example.com/mcp"
      : `\`connected-services help servers ${command}\` explains its options (docs/cli.md#servers-${command})`,
  });
}
