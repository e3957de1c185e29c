import { describe, expect, it } from 'vitest';
import { HttpServerSchema, StdioServerSchema } from '../config';
import { CodedError } from '../errors';
import { CATALOG, CatalogEntrySchema, catalogEntryFor, CREDENTIAL_SERVERS, planCatalogServer, REFERENCE_SERVERS, REMOTE_SERVICES, type CatalogEntry } from './index';

function entry(id: string): CatalogEntry {
  const found = CATALOG.find((e) => e.id === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
}

describe('the built-in catalog', () => {
  it('parses against its schema, with unique ids usable as server names', () => {
    for (const e of CATALOG) expect(CatalogEntrySchema.parse(e)).toEqual(e);
    expect(new Set(CATALOG.map((e) => e.id)).size).toBe(CATALOG.length);
  });

  it('lists hosted services only at https addresses', () => {
    for (const e of REMOTE_SERVICES) expect(new URL(e.url).protocol).toBe('https:');
    expect(REMOTE_SERVICES.some((e) => !e.verified)).toBe(true);
  });

  it('marks every local reference server as such', () => {
    expect(REFERENCE_SERVERS.map((e) => e.id)).toEqual(expect.arrayContaining(['everything', 'memory', 'filesystem']));
    for (const e of REFERENCE_SERVERS) expect(e.reference).toBe(true);
  });

  it('rejects an entry at a plain http address', () => {
    const bad = { ...entry('linear'), url: 'http://mcp.linear.app/mcp' };
    expect(CatalogEntrySchema.safeParse(bad).success).toBe(false);
  });
});

describe('planCatalogServer', () => {
  it('builds a valid config for every entry given its required values', () => {
    for (const e of CATALOG) {
      const values = Object.fromEntries((e.transport === 'stdio' ? (e.inputs ?? []) : []).map((i) => [i.id, '/tmp/x']));
      const plan = planCatalogServer(e, e.id, { values, apiKey: 'k-123' });
      const schema = e.transport === 'http' ? HttpServerSchema : StdioServerSchema;
      expect(schema.safeParse(plan.config).success).toBe(true);
    }
  });

  it('keeps an API key out of the config and references it from the vault', () => {
    const plan = planCatalogServer(entry('github'), 'gh', { apiKey: 'ghp_secretvalue' });
    expect(JSON.stringify(plan.config)).not.toContain('ghp_secretvalue');
    expect(plan.config).toMatchObject({ type: 'http', url: 'https://api.githubcopilot.com/mcp/', auth: { type: 'api_key', key: '${secret:API_KEY}' } });
    expect(plan.secrets).toEqual([{ name: 'API_KEY', value: 'ghp_secretvalue' }]);
  });

  it('puts a custom header name into the auth block', () => {
    const plan = planCatalogServer(entry('context7'), 'c7', { apiKey: 'ctx7sk-1' });
    expect(plan.config).toMatchObject({ auth: { type: 'api_key', header: 'CONTEXT7_API_KEY' } });
  });

  it('leaves an optional key out entirely when none is given', () => {
    const plan = planCatalogServer(entry('context7'), 'c7', {});
    expect(plan.config).not.toHaveProperty('auth');
    expect(plan.secrets).toEqual([]);
  });

  it('refuses a missing required key or input with an actionable error', () => {
    expect(() => planCatalogServer(entry('github'), 'gh', {})).toThrow(CodedError);
    expect(() => planCatalogServer(entry('filesystem'), 'fs', { values: { folder: '  ' } })).toThrow(/Allowed folder is required/);
  });

  it('appends argument inputs to the command and writes OAuth services with an oauth block', () => {
    expect(planCatalogServer(entry('filesystem'), 'fs', { values: { folder: '/home/me/docs' } }).config).toMatchObject({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/docs'],
    });
    expect(planCatalogServer(entry('linear'), 'linear').config).toMatchObject({ auth: { type: 'oauth' } });
  });
});

describe('local programs that need credentials', () => {
  it('validate against the catalog schema, each secret with a place to get it, each file input kept secret', () => {
    expect(CREDENTIAL_SERVERS.map((e) => e.id)).toEqual(expect.arrayContaining(['google-analytics', 'google-calendar', 'gmail', 'google-drive', 'slack', 'atlassian', 'github-local']));
    for (const e of CREDENTIAL_SERVERS) {
      expect(CatalogEntrySchema.parse(e)).toEqual(e);
      for (const input of e.inputs ?? []) {
        if (input.file === true) expect(input.secret, `${e.id}.${input.id}`).toBe(true);
        if (input.secret && input.required) expect(input.helpUrl, `${e.id}.${input.id}`).toMatch(/^https:\/\//);
      }
    }
    expect(CatalogEntrySchema.safeParse({ ...entry('slack'), inputs: [{ id: 'X', label: 'X', secret: true, required: true, helpUrl: 'http://api.slack.com', target: { kind: 'env', name: 'X' } }] }).success).toBe(false);
  });

  it('hands a key file to the program as ${secretFile:…} and a token as ${secret:…}, both only in the vault', () => {
    const key = '{\n  "type": "service_account",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n"\n}\n';
    const analytics = planCatalogServer(entry('google-analytics'), 'ga', { values: { GOOGLE_CREDENTIALS: key, project: ' my-project ' } });
    expect(analytics.config).toMatchObject({ command: 'pipx', args: ['run', 'analytics-mcp'], env: { GOOGLE_APPLICATION_CREDENTIALS: '${secretFile:GOOGLE_CREDENTIALS}', GOOGLE_PROJECT_ID: 'my-project' } });
    // Byte for byte: a key file's lines and final newline are its content.
    expect(analytics.secrets).toEqual([{ name: 'GOOGLE_CREDENTIALS', value: key }]);
    expect(JSON.stringify(analytics.config)).not.toContain('PRIVATE KEY');

    const slack = planCatalogServer(entry('slack'), 'slack', { values: { SLACK_BOT_TOKEN: 'xoxb-123-456', team: 'T0123' } });
    expect(slack.config).toMatchObject({ env: { SLACK_BOT_TOKEN: '${secret:SLACK_BOT_TOKEN}', SLACK_TEAM_ID: 'T0123' } });
    expect(() => planCatalogServer(entry('github-local'), 'gh', {})).toThrow(/Personal access token is required/);
  });

  it('refers to a secret already in the vault, chosen instead of a value, as a file or a value, and stores nothing new', () => {
    const analytics = planCatalogServer(entry('google-analytics'), 'ga', { values: { project: 'p' }, stored: { GOOGLE_CREDENTIALS: 'MY_GCP_KEY' } });
    expect(analytics.config).toMatchObject({ env: { GOOGLE_APPLICATION_CREDENTIALS: '${secretFile:MY_GCP_KEY}' } });
    expect(analytics.secrets).toEqual([]);
    // Chosen, it wins over a value typed as well; an empty choice is none.
    const slack = planCatalogServer(entry('slack'), 'slack', { values: { SLACK_BOT_TOKEN: 'xoxb-typed', team: 'T1' }, stored: { SLACK_BOT_TOKEN: 'SLACK_WORK' } });
    expect(slack.config).toMatchObject({ env: { SLACK_BOT_TOKEN: '${secret:SLACK_WORK}' } });
    expect(slack.secrets).toEqual([]);
    expect(() => planCatalogServer(entry('github-local'), 'gh', { stored: { GITHUB_PERSONAL_ACCESS_TOKEN: ' ' } })).toThrow(/Personal access token is required/);
    const github = planCatalogServer(entry('github'), 'github', { stored: { apiKey: 'GITHUB_PAT' } });
    expect(github.config).toMatchObject({ auth: { type: 'api_key', key: '${secret:GITHUB_PAT}' } });
    expect(github.secrets).toEqual([]);
  });
});

describe('catalogEntryFor', () => {
  it('finds the entry of a configured URL, ignoring a trailing slash', () => {
    expect(catalogEntryFor(CATALOG, { url: 'https://mcp.linear.app/mcp/' })?.id).toBe('linear');
    expect(catalogEntryFor(CATALOG, { url: 'https://example.com/mcp' })).toBeUndefined();
  });

  it('finds the entry a command runs, through npx or an installed path', () => {
    expect(catalogEntryFor(CATALOG, { commandLine: 'npx -y @modelcontextprotocol/server-memory' })?.id).toBe('memory');
    expect(catalogEntryFor(CATALOG, { commandLine: 'node /x/node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio' })?.id).toBe('everything');
    expect(catalogEntryFor(CATALOG, { commandLine: 'python my_server.py' })).toBeUndefined();
  });
});
