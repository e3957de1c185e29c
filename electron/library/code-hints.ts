import { CodedError, isCodedError } from '../../shared/errors';

const LISTING: Readonly<Record<string, string>> = { tools: 'listTools', resources: 'listResources', prompts: 'listPrompts' };
const ENTRY = 'the servers given to openConnectedServices';

/**
 * A hint about a server declared in code, in a program's words: its entry is in the `servers` it
 * gave openConnectedServices, not in mcp.json, and what the hint has a person run at the command
 * line is a method of the program's connection (named on `cs`, as docs/library.md does).
 */
export function codeServerHint(hint: string, server: string): string {
  // Enabling from the app or the command line is refused for a server declared in code (registry.ts).
  if (/^enable it: connected-services servers enable /.test(hint)) return `enable it: give "${server}" "enabled": true in ${ENTRY}`;
  return hint
    .replace(/`connected-services (tools|resources|prompts) (\S+) --refresh`/g, (_, what: string, name: string) => `\`cs.connect(${JSON.stringify(name)})\`, then \`cs.${LISTING[what] ?? 'listTools'}(${JSON.stringify(name)})\``)
    .replace(/`connected-services (tools|resources|prompts) (\S+?)(?: --json)?`/g, (_, what: string, name: string) => `\`cs.${LISTING[what] ?? 'listTools'}(${JSON.stringify(name)})\``)
    .replace(/`connected-services connect (\S+?)`/g, (_, name: string) => `\`cs.connect(${JSON.stringify(name)})\``)
    .replace(/`connected-services doctor --live`/g, '`cs.api.doctor({ live: true })`')
    .replace(/`connected-services doctor`/g, '`cs.api.doctor()`')
    .replace(/\bin mcp\.json\b/g, `in ${ENTRY}`);
}

/** `error` with its hint in a program's words when `server` was declared in code; any other as it was. */
export function forCodeServer(error: unknown, server: string | undefined, declared: ReadonlySet<string>): unknown {
  if (server === undefined || !declared.has(server) || !isCodedError(error) || error.hint === undefined) return error;
  const hint = codeServerHint(error.hint, server);
  if (hint === error.hint) return error;
  return new CodedError(error.code, error.message, { hint, ...(error.data !== undefined ? { data: error.data } : {}), cause: error });
}
