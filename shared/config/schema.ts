import { z } from 'zod';
import { checkRegistryUrl } from './registry-url';
import { AuthConfigSchema, StdioAuthConfigSchema } from './auth-schema';
import { SecretStoresSchema } from './secret-stores-schema';
import { checkStdioDelivery, CredentialFileSchema } from './stdio-credential';
import { inputRoundMs } from './input-round-settings';
import { sessionSetting } from './session-settings';
import { UiSessionIdleSchema } from './ui-session-idle';
import { ownRecord } from './own-record';
import { EnvNameSchema } from './env-name';
import { DescriptionSchema } from './description';
import { checkOwnVariables } from './own-variable-references';
import { hasZeroPort, urlProblem, urlSpaceProblem, ZERO_PORT } from './url-problem';

/** Server names become bridge prefixes (`<server>__<tool>`), so they stay short and plain. */
export const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;
export const ServerNameSchema = z
  .string()
  .regex(SERVER_NAME, 'use 1-48 letters, digits, "_" or "-", starting with a letter or digit');

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;
/** A server unused this long is stopped between calls (restarted by the next); 0 = never. */
export const DEFAULT_IDLE_TIMEOUT_MS = 600_000;
/**
 * 0: a free port at each start, so the UI's origin is new each run and nothing another program
 * served a browser on an older one (a Service Worker, storage, a cached script) meets the real UI.
 */
export const DEFAULT_UI_PORT = 0;
/** Stable, so agents' configs keep working across restarts. */
export const DEFAULT_BRIDGE_PORT = 47781;

/** The longest any call may be given (`timeoutMs`, `timeouts`, `settings.defaultTimeoutMs`): an hour. */
export const MAX_TIMEOUT_MS = 3_600_000;
const timeout = z.number().int().min(100).max(MAX_TIMEOUT_MS);
/** Per-tool timeouts are for the few slow tools of a server (an export, a deploy), not a table of every one. */
export const MAX_TOOL_TIMEOUTS = 200;
/** Tool name → per-call timeout; names as the server lists them, bounded as a call's name is at the bridge. */
const toolTimeouts = z
  .record(z.string().min(1).max(256), timeout)
  .refine((map) => Object.keys(map).length <= MAX_TOOL_TIMEOUTS, { error: `at most ${MAX_TOOL_TIMEOUTS} tools` });
/** 0 keeps the server up; at most a day (setTimeout's range is ~24.8 days). */
const idleTimeout = z.number().int().min(0).max(86_400_000);

export const ToolPolicySchema = z.strictObject({
  /** Only these tools are offered (names, `*` wildcards). Absent: all. */
  allow: z.array(z.string().min(1)).optional(),
  /** These tools are never offered nor called (names, `*` wildcards). */
  deny: z.array(z.string().min(1)).optional(),
});
export type ToolPolicy = z.infer<typeof ToolPolicySchema>;


const commonFields = {
  enabled: z.boolean().optional(),
  timeoutMs: timeout.optional(),
  /** Overrides `timeoutMs` (and `settings.defaultTimeoutMs`) for the tools it names (call-timeout.ts). */
  timeouts: toolTimeouts.optional(),
  startupTimeoutMs: timeout.optional(),
  /** Overrides `settings.idleTimeoutMs` for this server. */
  idleTimeoutMs: idleTimeout.optional(),
  tools: ToolPolicySchema.optional(),
  description: DescriptionSchema.optional(),
  /**
   * The MCP revision spoken with the server: `auto` asks (`server/discover`, else `initialize`);
   * default `auto` for http, `2025-11-25` for stdio (electron/pool/era-choice.ts).
   */
  protocol: z.enum(['auto', '2026-07-28', '2025-11-25']).optional(),
  /** Folders the server may work in (MCP client/roots), absolute paths; none unless named. */
  roots: z.array(z.string().max(4096).regex(/^(\/|[A-Za-z]:[\\/])/, 'must be an absolute path')).max(64).optional(),
  /** Tools pinned at approval (electron/pinning): `acceptNewTools` lets new tools and prompts through unreviewed, never changed ones. */
  pinning: z.strictObject({ acceptNewTools: z.boolean().optional() }).optional(),
};

/** What a program and its environment can be handed (Linux: one argument or `NAME=value` at most 128 KiB). */
export const MAX_COMMAND_CHARS = 4096;
export const MAX_ARGS = 1000;
export const MAX_ENV_VARIABLES = 1000;
export const MAX_ARG_CHARS = 64 * 1024;
// NUL ends a C string: the program would get less than the config says (spawn refuses it, late).
const noNul = (max: number, what: string) =>
  z.string().max(max, `${what} is at most ${max} characters`).regex(/^[^\0]*$/, `${what} may not hold a NUL character`);

export const StdioServerSchema = z.strictObject({
  type: z.literal('stdio').optional(),
  command: noNul(MAX_COMMAND_CHARS, 'a command').min(1, 'must name a program'),
  args: z.array(noNul(MAX_ARG_CHARS, 'an argument')).max(MAX_ARGS, `at most ${MAX_ARGS} arguments`).optional(),
  // ownRecord: z.record drops a `__proto__` key unread, and the variable with it.
  env: ownRecord(EnvNameSchema, noNul(MAX_ARG_CHARS, 'a variable\'s value'))
    .refine((env) => Object.keys(env).length <= MAX_ENV_VARIABLES, `at most ${MAX_ENV_VARIABLES} variables`)
    .optional(),
  cwd: noNul(MAX_COMMAND_CHARS, 'a folder').min(1).optional(),
  /** The registry entry (server.json name) it was added from: its docker mounts are checked again at each start (electron/mcp-registry/docker-spawn-check.ts). */
  fromRegistry: z.string().max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'a registry server name, such as io.github.owner/name').optional(),
  ...commonFields,
  auth: StdioAuthConfigSchema.optional(),
  credentialFile: CredentialFileSchema.optional(),
}).superRefine(checkStdioDelivery).superRefine(checkOwnVariables);
export type StdioServerConfig = z.infer<typeof StdioServerSchema>;

/** RFC 9110 §5.1: a field name is a token; checked here, or fetch refuses it at connect with a misleading error. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §5.5: no CR, LF or NUL in a field value (they would start a header of their own). */
const headerValue = z.string().regex(/^[^\r\n\0]*$/, 'a header value may not hold a line break or NUL');

function withoutUserinfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  } catch {
    return true; // not a URL at all: z.url has said so already
  }
}

/** Many servers and proxies refuse a request line longer than 8 KiB (nginx's default buffer), so no longer URL could be served. */
export const MAX_URL_CHARS = 8192;

export const HttpServerSchema = z.strictObject({
  type: z.literal('http'),
  // A user or password in the URL would sit in plain text in mcp.json and every listing, and fetch refuses such URLs.
  // Checked as written: z.url takes a space in the path and drops tabs and the ends.
  url: z.string({ error: (issue) => urlProblem(issue.input) }).superRefine((url, ctx) => {
    const problem = urlSpaceProblem(url);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  }).pipe(z.url({ protocol: /^https?$/, error: (issue) => urlProblem(issue.input) }).max(MAX_URL_CHARS, {
    error: `is longer than ${MAX_URL_CHARS} characters: a server URL is at most ${MAX_URL_CHARS} (servers refuse a longer request line)`,
    abort: true,
  }).refine(withoutUserinfo, {
    error: 'must not carry a user name or password: keep the credential in the vault (`secrets set NAME`) and send it in a header (--header) that names it as ${secret:NAME}',
    abort: true,
  }).refine((url) => !hasZeroPort(url), { error: ZERO_PORT, abort: true })),
  headers: ownRecord(z.string(), headerValue)
    .superRefine((headers, ctx) => {
      for (const name of Object.keys(headers)) {
        if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'a header name is letters, digits and !#$%&\'*+-.^_`|~ only (no spaces or colons)' });
      }
    })
    .optional(),
  ...commonFields,
  auth: AuthConfigSchema.optional(),
}).superRefine(checkOwnVariables);
export type HttpServerConfig = z.infer<typeof HttpServerSchema>;

export type ServerConfig = StdioServerConfig | HttpServerConfig;

export const SettingsSchema = z.looseObject({
  bridgePort: z.number().int().min(1).max(65_535).optional(),
  /** Record agents' call arguments and results (redacted, cut at 16 KiB) in the audit log. */
  auditArguments: z.boolean().optional(),
  /** Default idle time before a server is stopped (DEFAULT_IDLE_TIMEOUT_MS when absent); 0 = never. */
  idleTimeoutMs: idleTimeout.optional(),
  /** Per-call timeout of every server without its own `timeoutMs` (DEFAULT_TIMEOUT_MS when absent). */
  defaultTimeoutMs: timeout.optional(),
  /** How long a 2026-07-28 agent has to retry a call that answered `input_required` (electron/bridge/round-gathering.ts); 1 s … 1 h. */
  inputRoundWindowMs: inputRoundMs('inputRoundWindowMs').optional(),
  /** How long a round waits for a 2025-era server's next request before answering a 2026-07-28 agent (electron/bridge/round-gathering.ts); 0 … 5 s, default 250 ms. */
  inputRoundQuietMs: inputRoundMs('inputRoundQuietMs').optional(),
  /** The longest a round gathers a server's requests, from the first (default 2 s); 0 … 60 s, never below inputRoundQuietMs. */
  inputRoundGatherMaxMs: inputRoundMs('inputRoundGatherMaxMs').optional(),
  /** A 2025-11-25 HTTP session kept alive: its quiet check, the check's wait, new sessions a minute (session-settings.ts). */
  sessionCheckMs: sessionSetting('sessionCheckMs').optional(),
  sessionCheckTimeoutMs: sessionSetting('sessionCheckTimeoutMs').optional(),
  sessionRenewalsPerMinute: sessionSetting('sessionRenewalsPerMinute').optional(),
  /** How long a web UI tab of `serve` stays signed in without use (ui-session-idle.ts); read at start. */
  uiSessionIdleMs: UiSessionIdleSchema.optional(),
  /** Secret stores `${secret:STORE:PATH}` reads from, by name (secret-stores-schema.ts). */
  secretStores: SecretStoresSchema.optional(),
  /** MCP registries the catalog reads, in order (default: the official one); `[]` reads none. */
  registries: z.array(z.string().max(2000).refine((u) => 'base' in checkRegistryUrl(u), 'must be an https:// address of a registry (http:// only to this computer), without user, query or fragment')).max(20).optional(),
}).superRefine((settings, ctx) => {
  const { inputRoundQuietMs: quiet, inputRoundGatherMaxMs: bound } = settings;
  if (quiet !== undefined && bound !== undefined && bound < quiet) {
    ctx.addIssue({ code: 'custom', path: ['inputRoundGatherMaxMs'], message: `must be at least inputRoundQuietMs (${quiet}): a round gathers at least one quiet` });
  }
});
export type Settings = z.infer<typeof SettingsSchema>;

/** A validated mcp.json. Unknown top-level keys of other clients are ignored, not lost on write. */
export interface McpConfig {
  mcpServers: Record<string, ServerConfig>;
  settings?: Settings;
}

export const TRANSPORTS = ['stdio', 'http'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** Whether an entry runs a program (stdio) rather than naming a URL: the one place that tells them apart. */
export function isStdio<C extends object = ServerConfig>(config: C): config is Extract<C, { command: string }> {
  return 'command' in config;
}

export function transportOf(config: ServerConfig): Transport {
  return isStdio(config) ? 'stdio' : 'http';
}

export function isEnabled(config: ServerConfig): boolean {
  return config.enabled !== false;
}

/** The idle time after which this server is stopped: its own, else the settings' default; 0 = never. */
export function idleTimeoutOf(config: ServerConfig, settings: Settings | undefined): number {
  return config.idleTimeoutMs ?? settings?.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
}
