import { CodedError, isCodedError } from '../../shared/errors';
import { CODE_ENTRY, inCodeEntry } from '../registry';
import { programHint } from './program-hints';

/**
 * A hint about a server declared in code, in a program's words: its entry is in the `servers` it
 * gave openConnectedServices, not in mcp.json, and a command the hint names is a method of the
 * program's connection (program-hints.ts).
 */
export function codeServerHint(hint: string, server: string): string {
  // Enabling from the app or the command line is refused for a server declared in code (registry.ts).
  if (/^enable it: connected-services servers enable /.test(hint)) return `enable it: give "${server}" "enabled": true in ${CODE_ENTRY}`;
  return programHint(inCodeEntry(hint));
}

/** `error` with its hint in a program's words when `server` was declared in code; any other as it was. */
export function forCodeServer(error: unknown, server: string | undefined, declared: ReadonlySet<string>): unknown {
  if (server === undefined || !declared.has(server) || !isCodedError(error) || error.hint === undefined) return error;
  const hint = codeServerHint(error.hint, server);
  if (hint === error.hint) return error;
  return new CodedError(error.code, error.message, { hint, ...(error.data !== undefined ? { data: error.data } : {}), cause: error });
}
