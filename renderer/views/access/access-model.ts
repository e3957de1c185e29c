import type { AgentView, AuthInfo, ServerStatus } from '../../../shared/api';

export type CredentialKind = 'secret' | 'client-secret' | 'api-key' | 'grant' | 'agent-token';

export interface CredentialRow {
  id: string;
  kind: CredentialKind;
  name: string;
  /** Services (and, for a grant, the agents that reach it) that stop working without it. */
  usedBy: string[];
  lastUsedAt?: number;
  /** No use found, and the audit was searched back to this time only: not used since then, maybe before. */
  notUsedSince?: number;
  details: string[];
  secret?: { name: string; server?: string | undefined };
  server?: string;
  agent?: string;
  auth?: AuthInfo;
}

export interface AccessInput {
  secrets: { name: string; server?: string | undefined }[];
  servers: ServerStatus[];
  /** Each server's entry as written (only what references secrets matters here). */
  configs: Record<string, unknown>;
  agents: AgentView[];
  /** When each service was last called, across the whole audit (`auditLastUse`). */
  lastUse: { server: string; time: number }[];
  /** `auditLastUse` stopped short of the audit's oldest entry: a service it did not find was not called since this time. */
  lastUseSince?: number | undefined;
}

const reference = (name: string) => `\${secret:${name}}`;

function authOf(config: unknown): unknown {
  return typeof config === 'object' && config !== null && Object.hasOwn(config, 'auth') ? (config as { auth?: unknown }).auth : undefined;
}

/** The `key` of a server's "api_key" sign-in, as written (`${secret:NAME}`), if it names one. */
function keyReference(configs: Record<string, unknown>, server: string): string | undefined {
  const auth = Object.hasOwn(configs, server) ? authOf(configs[server]) : undefined;
  if (typeof auth !== 'object' || auth === null) return undefined;
  const { type, key } = auth as { type?: unknown; key?: unknown };
  return type === 'api_key' && typeof key === 'string' ? key : undefined;
}

function lastCallOf(lastUse: AccessInput['lastUse'], servers: string[]): number | undefined {
  const times = lastUse.filter((e) => servers.includes(e.server)).map((e) => e.time);
  return times.length > 0 ? Math.max(...times) : undefined;
}

/** When a credential was last used through these services, or since when it was not (the search stopped short). */
function useOf(input: AccessInput, servers: string[]): Pick<CredentialRow, 'lastUsedAt' | 'notUsedSince'> {
  const lastUsedAt = lastCallOf(input.lastUse, servers);
  if (lastUsedAt !== undefined) return { lastUsedAt };
  return input.lastUseSince !== undefined ? { notUsedSince: input.lastUseSince } : {};
}

function reaches(agent: AgentView, server: string): boolean {
  return agent.servers === '*' || agent.servers.includes(server);
}

/** Every credential the app keeps, with what uses it and when it was last used (the audit's last call through it). */
export function credentialRows(input: AccessInput): CredentialRow[] {
  const rows: CredentialRow[] = [];
  for (const secret of input.secrets) {
    const users = Object.entries(input.configs)
      .filter(([server, config]) => (secret.server === undefined || secret.server === server) && JSON.stringify(config).includes(reference(secret.name)))
      .map(([server]) => server);
    const inAuth = Object.values(input.configs).some((config) => JSON.stringify(authOf(config) ?? {}).includes(reference(secret.name)));
    // The key an "api_key" sign-in sends is an API key, not a client secret.
    const asKey = users.some((server) => keyReference(input.configs, server) === reference(secret.name));
    rows.push({
      id: `secret:${secret.server ?? ''}:${secret.name}`,
      kind: asKey ? 'api-key' : inAuth ? 'client-secret' : 'secret',
      name: secret.name,
      usedBy: users,
      ...useOf(input, users),
      details: [secret.server !== undefined ? `only for ${secret.server}` : 'for any service that names it'],
      secret,
    });
  }
  for (const server of input.servers) {
    const auth = server.auth;
    if (auth === undefined || (!auth.connected && auth.issuer === undefined)) continue;
    const agents = input.agents.filter((a) => reaches(a, server.name)).map((a) => `agent ${a.name}`);
    if (auth.kind === 'api_key') {
      // A key the entry names (a secret, which has its own row, or the environment) is not listed twice; one kept as <server>/apiKey is listed here.
      if (keyReference(input.configs, server.name) === undefined) {
        rows.push({ id: `key:${server.name}`, kind: 'api-key', name: `API key of ${server.name}`, usedBy: [server.name, ...agents], ...useOf(input, [server.name]), details: ['held in the vault'], server: server.name, auth });
      }
      continue;
    }
    const details = [
      auth.connected ? 'signed in' : 'signed out',
      // Only OAuth grants name an account; an issuer that sent no ID Token leaves it unknown.
      auth.account !== undefined ? `account ${auth.account}` : 'account unknown',
      ...(auth.issuer !== undefined ? [`issuer ${auth.issuer}`] : []),
      ...(auth.scopes !== undefined && auth.scopes.length > 0 ? [`scopes ${auth.scopes.join(' ')}`] : []),
    ];
    rows.push({ id: `grant:${server.name}`, kind: 'grant', name: `Sign-in to ${server.name}`, usedBy: [server.name, ...agents], ...useOf(input, [server.name]), details, server: server.name, auth });
  }
  for (const agent of input.agents) {
    const services = agent.servers === '*' ? ['every service'] : agent.servers;
    rows.push({
      id: `agent:${agent.name}`,
      kind: 'agent-token',
      name: `Token of ${agent.name}`,
      usedBy: services,
      ...(agent.lastUsedAt !== undefined ? { lastUsedAt: agent.lastUsedAt } : {}),
      details: [`created ${new Date(agent.createdAt).toISOString().slice(0, 10)}`],
      agent: agent.name,
    });
  }
  return rows;
}

export type CellChoice = 'tiers' | 'allow' | 'ask' | 'deny' | 'block';

/** One agent × service cell: blocked (not among its services), its tiers, or one decision for every tool it has a rule for. */
export function cellOf(agent: AgentView, server: string, tools: string[]): CellChoice {
  if (!reaches(agent, server)) return 'block';
  // Own entries only: a server or tool named `constructor` or `toString` is no rule.
  const rules = Object.hasOwn(agent.tools, server) ? agent.tools[server] : undefined;
  const decisions = new Set(tools.map((t) => (rules !== undefined && Object.hasOwn(rules, t) ? rules[t] : undefined)));
  if (tools.length > 0 && decisions.size === 1) {
    const only = [...decisions][0];
    if (only !== undefined) return only;
  }
  return 'tiers';
}
