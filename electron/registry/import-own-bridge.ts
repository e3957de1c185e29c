import { isRecord } from '../../shared/config';
import { cutText, terminalSafe } from '../../shared/text';

/** The prefix of the entry `agents connect` writes into a client (bridge/client-entry-name.ts). */
const ENTRY_PREFIX = 'connected-services-';
/** The header a VS Code entry names its agent in (bridge/client-entries.ts AGENT_HEADER). */
const AGENT_HEADER = 'x-connected-services-agent';
const BRIDGE_PATH = '/mcp';
/** The variable our stdio helper reads a token from (bridge/client-entries.ts TOKEN_ENV). */
const TOKEN_ENV = 'CONNECTED_SERVICES_TOKEN';

/** What the import knows of this app's bridge. */
export interface OwnBridge {
  /** The ports it listens on (the configured one, and the one it runs on). */
  ports: readonly number[];
  /** The agent whose token this is, if it is one of ours. */
  tokenAgent?: (token: string) => string | undefined;
}

function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The loopback URL an entry calls (`url`, Windsurf's `serverUrl`, Gemini CLI's `httpUrl`), if any. */
function loopbackUrl(entry: Record<string, unknown>): URL | undefined {
  for (const key of ['url', 'serverUrl', 'httpUrl']) {
    const value = entry[key];
    const url = typeof value === 'string' ? URL.parse(value) : null;
    if (url && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackName(url.hostname)) return url;
  }
  return undefined;
}

function unquoted(word: string): string {
  return word.startsWith("'") && word.endsWith("'") && word.length > 1 ? word.slice(1, -1).replace(/'\\''/g, "'") : word;
}

/** The agent the helper names: `bridge headers --agent NAME` (Claude Code) or `bridge --stdio --agent NAME`. */
function helperAgent(entry: Record<string, unknown>): string | undefined {
  const line = entry['headersHelper'];
  if (typeof line === 'string' && /\bbridge headers\b/.test(line)) {
    const word = / --agent ('(?:[^']|'\\'')*'|\S+)\s*$/.exec(line)?.[1];
    return word !== undefined ? unquoted(word) : '';
  }
  const args = entry['args'];
  if (Array.isArray(args) && args.includes('bridge') && args.includes('--stdio')) {
    const at = args.lastIndexOf('--agent');
    const name: unknown = at >= 0 ? args[at + 1] : undefined;
    return typeof name === 'string' ? name : '';
  }
  return undefined;
}

function headerAgent(entry: Record<string, unknown>): string | undefined {
  const headers = entry['headers'];
  if (!isRecord(headers)) return undefined;
  const key = Object.keys(headers).find((name) => name.toLowerCase() === AGENT_HEADER);
  const value = key !== undefined ? headers[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The bearer token an entry sends (its `Authorization` header) or hands our stdio helper (its env). */
function entryToken(entry: Record<string, unknown>): string | undefined {
  const { headers, env } = entry;
  const header = isRecord(headers) ? Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1] : undefined;
  const fromHeader = typeof header === 'string' ? /^Bearer\s+([^\s$]\S*)$/i.exec(header)?.[1] : undefined;
  const fromEnv = isRecord(env) ? env[TOKEN_ENV] : undefined;
  return fromHeader ?? (typeof fromEnv === 'string' && !fromEnv.startsWith('$') ? fromEnv : undefined);
}

function ports(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/**
 * Why an entry is this app's own bridge and not a service: the one `agents connect` (or a pasted
 * `agents config`) writes, a loopback URL at one of the bridge's ports, or a loopback entry sending one
 * of our agents' tokens. Imported, it would list the bridge as a service of itself, which can never be
 * connected (and copy the agent's token into mcp.json). Undefined for any other entry.
 */
export function ownBridgeReason(name: string, entry: unknown, bridge: OwnBridge): string | undefined {
  if (!isRecord(entry)) return undefined;
  const url = loopbackUrl(entry);
  const helper = helperAgent(entry);
  const ours = name.startsWith(ENTRY_PREFIX);
  const token = entryToken(entry);
  const tokenAgent = token !== undefined ? bridge.tokenAgent?.(token) : undefined;
  const atPort = url !== undefined && bridge.ports.includes(ports(url));
  const shaped = ours && ((url !== undefined && url.pathname === BRIDGE_PATH) || helper !== undefined);
  const ourToken = tokenAgent !== undefined && (url !== undefined || helper !== undefined);
  if (!atPort && !shaped && !ourToken) return undefined;
  const agent = tokenAgent || helper || headerAgent(entry) || (ours ? name.slice(ENTRY_PREFIX.length) : '');
  const whose = agent !== '' ? ` for agent "${cutText(terminalSafe(agent), 80)}"` : '';
  return `this is Connected Services' own bridge${whose}, not a service: an agent calls the services through it, so it is not imported`;
}
