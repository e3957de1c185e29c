import { CodedError } from '../errors';
import { isRecord, locateJsonError, parseConfigObject } from './parse';
import type { ServerConfig } from './schema';

/** One server read from a pasted `mcpServers` / `servers` JSON entry, ready to add. */
export interface PastedServer {
  /** The entry's name, when the paste had one. */
  name?: string;
  config: ServerConfig;
  /** Fields of the other client that were left out, and why. */
  warnings: string[];
}

const MAX_PASTE_CHARS = 256 * 1024;
const MAX_SERVERS = 100;
/** The fields that mean the same thing in Claude Desktop, Claude Code, Cursor and VS Code. */
const STDIO_FIELDS = ['command', 'args', 'env', 'cwd'] as const;
const HTTP_FIELDS = ['url', 'headers'] as const;
const IGNORED_QUIETLY = new Set(['type', 'disabled', 'enabled', 'description']);

function invalid(message: string, hint = 'Paste an entry from a client\'s config, e.g. {"mcpServers": {"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}}'): CodedError {
  return new CodedError('invalid_input', message, { hint });
}

/** JSON as pasted: a whole file, one object, or a `"name": {…}` fragment cut out of one. */
function parseJson(text: string): unknown {
  const trimmed = text.trim().replace(/,\s*$/, '');
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    if (trimmed.startsWith('"')) {
      try {
        return JSON.parse(`{${trimmed}}`) as unknown;
      } catch {
        // Reported below as the original text's problem.
      }
    }
    // Where, not the parser's message: that may quote a secret.
    throw invalid(`what was pasted is ${locateJsonError(trimmed)}`);
  }
}

/** The named entries inside the paste: Claude/Cursor `mcpServers`, VS Code `servers` / `mcp.servers`, or a bare map or entry. */
function entriesOf(raw: unknown): Array<[string | undefined, unknown]> {
  if (!isRecord(raw)) throw invalid('what was pasted is not a JSON object');
  const mcp = raw['mcp'];
  const map = raw['mcpServers'] ?? raw['servers'] ?? (isRecord(mcp) ? mcp['servers'] : undefined) ?? raw['mcp.servers'];
  if (map !== undefined) {
    if (!isRecord(map)) throw invalid('"mcpServers" (or "servers") is not an object');
    return Object.entries(map);
  }
  if ('command' in raw || 'url' in raw || 'serverUrl' in raw) return [[undefined, raw]];
  const values = Object.entries(raw);
  if (values.length > 0 && values.every(([, v]) => isRecord(v))) return values;
  throw invalid('no server entry found: it has no "mcpServers", "servers", "command" or "url"');
}

function convert(name: string | undefined, entry: unknown): PastedServer {
  const label = name === undefined ? 'the entry' : `"${name}"`;
  if (!isRecord(entry)) throw invalid(`${label} is not an object`);
  const warnings: string[] = [];
  const type = entry['type'];
  const url = entry['url'] ?? entry['serverUrl'];
  let transport: 'stdio' | 'http';
  if (type === 'stdio' || (type === undefined && 'command' in entry)) transport = 'stdio';
  else if (type === 'http' || type === 'streamable-http' || type === 'streamableHttp' || (type === undefined && url !== undefined)) transport = 'http';
  else if (type === 'sse') throw invalid(`${label} uses the legacy SSE transport, which is not supported`, 'Use the service\'s Streamable HTTP address instead.');
  else if (type !== undefined) throw invalid(`${label} has the unsupported type ${JSON.stringify(type)}`, 'Only "stdio" and Streamable HTTP ("http") entries can be added.');
  else throw invalid(`${label} has neither "command" nor "url"`);

  const candidate: Record<string, unknown> = transport === 'http' ? { type: 'http', url } : {};
  for (const key of transport === 'http' ? HTTP_FIELDS.slice(1) : STDIO_FIELDS) if (entry[key] !== undefined) candidate[key] = entry[key];
  if (entry['disabled'] === true || entry['enabled'] === false) candidate['enabled'] = false;
  if (typeof entry['description'] === 'string') candidate['description'] = entry['description'].slice(0, 500);
  const known = new Set<string>([...(transport === 'http' ? [...HTTP_FIELDS, 'serverUrl'] : STDIO_FIELDS), ...IGNORED_QUIETLY]);
  for (const key of Object.keys(entry)) if (!known.has(key)) warnings.push(`"${key}" is not used here and was left out`);
  if (JSON.stringify(candidate).includes('${input:')) {
    warnings.push('"${input:…}" asks VS Code for a value at start; write the value, or a ${secret:NAME} stored in the vault, instead');
  }

  const parsed = parseConfigObject({ mcpServers: { pasted: candidate } }, 'paste');
  const config = parsed.ok ? parsed.config.mcpServers['pasted'] : undefined;
  if (!parsed.ok || config === undefined) {
    const reason = parsed.ok ? 'could not be read' : parsed.issues.map((i) => (i.field ? `"${i.field}" ${i.message}` : i.message)).join('; ');
    throw invalid(`${label}: ${reason}`, 'Fix that field in the pasted text and try again.');
  }
  return { ...(name !== undefined ? { name } : {}), config, warnings };
}

/**
 * Reads a pasted entry in the shapes other clients write: Claude Desktop, Claude Code and Cursor
 * (`{"mcpServers": {NAME: {command, args, env} | {url, headers}}}`), VS Code (`{"servers": {NAME:
 * {type: "stdio" | "http", …}}}` or `"mcp": {"servers": …}` in settings), a `"NAME": {…}` fragment,
 * or one bare entry. Only fields that mean the same here are taken, and checked like mcp.json.
 */
export function parsePastedEntry(text: string): PastedServer[] {
  if (text.length > MAX_PASTE_CHARS) throw invalid(`what was pasted is longer than ${MAX_PASTE_CHARS / 1024} KiB`);
  const entries = entriesOf(parseJson(text));
  if (entries.length === 0) throw invalid('the pasted "mcpServers" has no entry');
  if (entries.length > MAX_SERVERS) throw invalid(`the paste holds more than ${MAX_SERVERS} services`, 'Use Import for a whole file.');
  return entries.map(([name, entry]) => convert(name, entry));
}

/** Whether pasted text is meant as JSON rather than a command line. */
export function looksLikeJson(text: string): boolean {
  return /^\s*[{"]/.test(text);
}
