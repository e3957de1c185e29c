/**
 * Every agent client the app knows, the one list the Connect dialog, `agents clients`, `agents connect`
 * and `--for` all read (docs/clients.md), in the order they show it.
 * - prefix: what the client puts before our tool names (issue #32): `entry` plus the characters around
 *   the agent's entry name (`mcp__<entry>__` is 7), `fixed` a length, `null` not known (`--for N` instead).
 * - config: the format of its configuration; `written` where `agents connect` edits it (JSON and JSONC).
 */
export const AGENT_CLIENTS = [
  { id: 'claude-code', label: 'Claude Code', prefix: { entry: 7 }, config: 'json', written: true },
  { id: 'claude-desktop', label: 'Claude Desktop', prefix: { fixed: 0 }, config: 'json', written: true },
  // Cursor keeps the server's and the tool's name within 60 together: the entry, a separator and 4 spare.
  { id: 'cursor', label: 'Cursor', prefix: { entry: 5 }, config: 'json', written: true },
  { id: 'vscode', label: 'VS Code', prefix: { entry: 5 }, config: 'jsonc', written: true },
  { id: 'windsurf', label: 'Windsurf', prefix: null, config: 'json', written: true },
  { id: 'gemini-cli', label: 'Gemini CLI', prefix: null, config: 'jsonc', written: true },
  // TOML is not edited here: a rewrite could lose what else the file holds, so its table is printed.
  { id: 'codex', label: 'Codex', prefix: { entry: 7 }, config: 'toml', written: false },
  // The ACP client passes the entry in session/new: there is no file. The longest known prefix (Claude Code's) fits every agent behind it.
  { id: 'acp', label: 'An ACP agent (Zed, …)', prefix: { entry: 7 }, config: 'acp-session', written: false },
] as const;

export type AgentClientInfo = (typeof AGENT_CLIENTS)[number];
export type AgentClientId = AgentClientInfo['id'];

/** A non-empty list of ids, as z.enum takes it (the list below holds one of each kind). */
function ids<T extends AgentClientInfo>(keep: (client: AgentClientInfo) => client is T): readonly [T['id'], ...T['id'][]] {
  const [first, ...rest] = AGENT_CLIENTS.filter(keep).map((client) => client.id);
  if (first === undefined) throw new Error('no agent client of this kind');
  return [first, ...rest];
}

/** Every client's id: `agents config --for` and `agents add --for` take each. */
export const CONFIG_TARGETS = ids((c): c is AgentClientInfo => c.id.length > 0);
/** The clients whose user configuration `agents connect` and the Connect dialog write. */
export const CONNECT_CLIENTS = ids((c): c is Extract<AgentClientInfo, { written: true }> => c.written);
/** The clients whose prefix an agent's names are made to fit (`agents set --for`). */
export const NAME_CLIENTS = ids((c): c is Exclude<AgentClientInfo, { prefix: null }> => c.prefix !== null);

export type ConnectClient = Extract<AgentClientInfo, { written: true }>['id'];
export type NameClient = Exclude<AgentClientInfo, { prefix: null }>['id'];

export function isConnectClient(id: string): id is ConnectClient {
  return CONNECT_CLIENTS.some((client) => client === id);
}

export function agentClient(id: AgentClientId): AgentClientInfo {
  // Every id is in the list, by its type.
  return AGENT_CLIENTS.find((client) => client.id === id) ?? AGENT_CLIENTS[0];
}

/** Why a surface that writes configurations leaves this client to the person, in words; undefined where it writes. */
export function notWrittenReason(id: AgentClientId): string | undefined {
  const client = agentClient(id);
  if (client.written) return undefined;
  return client.config === 'toml'
    ? `${client.label} keeps its servers in TOML, which is not edited here (the rest of the file could be lost)`
    : `${client.label} gets its servers from the ACP client in each session, not from a file`;
}

/** Why names cannot be made for this client, in words; undefined where its prefix is known. */
export function unknownPrefixReason(id: AgentClientId): string | undefined {
  const client = agentClient(id);
  if (client.prefix !== null) return undefined;
  return `the prefix ${client.label} puts before tool names is not known here: give its length with --for N to make names fit it`;
}
