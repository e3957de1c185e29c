import type { AppApi } from '../../shared/api';
import { fieldPlace, formatIssue, ServerNameSchema, type ConfigIssue } from '../../shared/config';
import { CodedError, toCodedError } from '../../shared/errors';
import { serverNotConfigured } from '../registry';
import { withSuggestion } from '../../shared/text';

/** A broken mcp.json as the error of a command that needs it (exit 2), naming file, server and field. */
export function configError(issues: readonly ConfigIssue[]): CodedError {
  const [first] = issues;
  const file = first?.file ?? 'mcp.json';
  const message =
    issues.length === 1 && first ? `The config has a problem: ${formatIssue(first)}` : `The config has ${issues.length} problems:\n  ${issues.map(formatIssue).join('\n  ')}`;
  return new CodedError('invalid_config', message, {
    hint: `Fix ${file}, then try again; \`connected-services doctor\` checks it`,
    data: { file, ...(first?.server !== undefined ? { server: first.server } : {}), ...(first?.field !== undefined ? { field: first.field } : {}) },
  });
}

/**
 * The same error once the table has shown some entries' problems on their rows: it names those
 * entries and says only the problems no row shows (of the whole file, or of a loaded server).
 */
export function configErrorBesides(issues: readonly ConfigIssue[], shownOnRows: readonly string[]): CodedError {
  const whole = configError(issues);
  const shown = new Set(shownOnRows);
  const rest = issues.filter((issue) => issue.server === undefined || !shown.has(issue.server));
  const names = [...new Set(issues.map((issue) => issue.server).filter((name) => name !== undefined && shown.has(name)))].map((name) => JSON.stringify(name));
  if (names.length === 0) return whole;
  const entries = names.length === 1 ? `an invalid entry, shown above: ${names.join('')}` : `${names.length} invalid entries, shown above: ${names.join(', ')}`;
  const message = rest.length === 0 ? `The config has ${entries}` : `${configError(rest).message}\n  It also has ${entries}`;
  return new CodedError('invalid_config', message, { ...(whole.hint !== undefined ? { hint: whole.hint } : {}), ...(whole.data !== undefined ? { data: whole.data } : {}) });
}

/** What a command named on the server: a tool (as `call` gives it), a prompt or a resource's URI. */
export type Offered = string | { prompt: string } | { resource: string };

type Listings = Pick<AppApi, 'listTools' | 'listPrompts' | 'listResources'>;

/** The name the command gave, the server's names of that kind, and the listing that shows them. */
async function offeredNames(api: Listings, server: string, offered: Offered): Promise<{ name: string; names: string[]; listing: string }> {
  if (typeof offered === 'string') return { name: offered, names: (await api.listTools({ server }).catch(() => [])).map((t) => t.name), listing: 'tools' };
  if ('prompt' in offered) return { name: offered.prompt, names: (await api.listPrompts({ server }).catch(() => [])).map((p) => p.name), listing: 'prompts' };
  const { resources } = await api.listResources({ server }).catch(() => ({ resources: [] }));
  return { name: offered.resource, names: resources.map((r) => r.uri), listing: 'resources' };
}

/**
 * A command named a server and got `not_found`: when the server is not configured, say so with a
 * command that exists and the name a typo most likely meant, or, when mcp.json is broken, that the
 * file is why (the server may be in it). Given the tool, prompt or resource the command named, one
 * the server does not have is answered with the closest it has. A name no server can have (`bad name`)
 * is not configured either: said so, not as the App API's refusal of its input.
 */
export async function explainServerError(api: Pick<AppApi, 'status'> & Listings, server: string, error: unknown, offered?: Offered): Promise<never> {
  const coded = toCodedError(error);
  const impossibleName = coded.code === 'invalid_input' && !ServerNameSchema.safeParse(server).success;
  if (coded.code !== 'not_found' && !impossibleName) throw coded;
  const status = await api.status({});
  if (status.servers.some((s) => s.name === server)) {
    if (offered === undefined) throw coded;
    const { name, names, listing } = await offeredNames(api, server, offered);
    const hint = coded.hint ?? `Run \`connected-services ${listing} ${server}\` to see what it offers`;
    throw new CodedError(coded.code, coded.message, { hint: withSuggestion(name, names, hint), ...(coded.data ? { data: coded.data } : {}) });
  }
  // The entry itself is bad (the others are loaded): its own problem is the reason.
  const own = status.configIssues.filter((issue) => issue.server === server);
  if (own.length > 0) throw configError(own);
  // A problem of the whole file may hide the server; one of other entries names them, not this one.
  if (status.configIssues.some((issue) => issue.server === undefined)) throw configError(status.configIssues);
  const others = [...new Set(status.configIssues.map((issue) => issue.server).filter((name) => name !== undefined))];
  const invalid = others.length === 0 ? '' : `; mcp.json also has invalid ${others.length === 1 ? 'entry' : 'entries'} ${others.map((name) => JSON.stringify(name)).join(', ')} (\`connected-services servers list\` shows why)`;
  const hint = withSuggestion(server, [...status.servers.map((s) => s.name), ...others], `See \`connected-services servers list\`, or add one with \`connected-services servers add\`${invalid}`);
  throw serverNotConfigured(server, { hint, data: { server } });
}

/** Config entries left out for a problem of their own (not among the loaded servers), one row each. */
export function issueRows(issues: readonly ConfigIssue[], loaded: readonly { name: string }[]): { server: string; problem: string }[] {
  const names = new Set(loaded.map((s) => s.name));
  const rows = new Map<string, string[]>();
  for (const issue of issues) {
    if (issue.server === undefined || names.has(issue.server)) continue;
    rows.set(issue.server, [...(rows.get(issue.server) ?? []), issue.field !== undefined ? `${fieldPlace(issue.field)}: ${issue.message}` : issue.message]);
  }
  return [...rows].map(([server, problems]) => ({ server, problem: problems.join('; ') }));
}
