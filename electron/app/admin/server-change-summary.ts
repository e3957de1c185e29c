import { hideArgumentSecrets, isStdio, type ServerConfig } from '../../../shared/config';
import { shellQuote } from '../../../shared/text';

/** Fields named on their own below; any other that changes is named as changed, never shown. */
const NAMED = new Set(['type', 'command', 'args', 'cwd', 'url', 'env', 'headers', 'enabled', 'timeoutMs', 'startupTimeoutMs', 'idleTimeoutMs', 'timeouts']);

const ms = (value: number | undefined): string => (value === undefined ? 'default' : `${value} ms`);
const argsShown = (args: readonly string[] | undefined): string => hideArgumentSecrets([...(args ?? [])]).map(shellQuote).join(' ') || 'none';
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function part(what: string, before: string, after: string): string[] {
  return before === after ? [] : [`${what} ${before} → ${after}`];
}

/** Names added, removed or changed: a value (a secret, or a reference to one) is never shown. */
function namesChanged(what: string, before: Readonly<Record<string, string>> = {}, after: Readonly<Record<string, string>> = {}): string[] {
  const out: string[] = [];
  for (const key of Object.keys(after)) {
    if (!Object.hasOwn(before, key)) out.push(`${what} ${key} added`);
    else if (before[key] !== after[key]) out.push(`${what} ${key} changed`);
  }
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) out.push(`${what} ${key} removed`);
  return out;
}

function timeoutsChanged(before: Readonly<Record<string, number>> = {}, after: Readonly<Record<string, number>> = {}): string[] {
  const tools = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return tools.flatMap((tool) => part(`timeout of ${tool}`, ms(before[tool]), ms(after[tool])));
}

/** What `updateServer` changes in a server's entry, from what to what; `nothing` when it stays. */
export function serverChange(before: ServerConfig, after: ServerConfig): string {
  const parts: string[] = [];
  const stdioBefore = isStdio(before) ? before : undefined;
  const stdioAfter = isStdio(after) ? after : undefined;
  const httpBefore = isStdio(before) ? undefined : before;
  const httpAfter = isStdio(after) ? undefined : after;
  parts.push(...part('type', stdioBefore ? 'stdio' : 'http', stdioAfter ? 'stdio' : 'http'));
  if (stdioAfter) {
    parts.push(...part('command', stdioBefore ? shellQuote(stdioBefore.command) : 'none', shellQuote(stdioAfter.command)));
    const argsBefore = argsShown(stdioBefore?.args);
    const argsAfter = argsShown(stdioAfter.args);
    // A change only to a hidden secret argument still changes the entry and restarts the server.
    if (argsBefore === argsAfter && !same(stdioBefore?.args ?? [], stdioAfter.args ?? [])) parts.push('arguments changed');
    else parts.push(...part('arguments', argsBefore, argsAfter));
    parts.push(...part('folder', stdioBefore?.cwd ?? 'default', stdioAfter.cwd ?? 'default'));
  }
  if (httpAfter) parts.push(...part('URL', httpBefore?.url ?? 'none', httpAfter.url));
  parts.push(...namesChanged('environment', stdioBefore?.env, stdioAfter?.env));
  parts.push(...namesChanged('header', httpBefore?.headers, httpAfter?.headers));
  parts.push(...part('enabled', before.enabled === false ? 'off' : 'on', after.enabled === false ? 'off' : 'on'));
  parts.push(...part('call timeout', ms(before.timeoutMs), ms(after.timeoutMs)));
  parts.push(...part('startup timeout', ms(before.startupTimeoutMs), ms(after.startupTimeoutMs)));
  parts.push(...part('idle timeout', ms(before.idleTimeoutMs), ms(after.idleTimeoutMs)));
  parts.push(...timeoutsChanged(before.timeouts, after.timeouts));
  const rest = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !NAMED.has(key));
  for (const key of rest) if (!same((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key])) parts.push(`${key} changed`);
  return parts.join('; ') || 'nothing';
}
