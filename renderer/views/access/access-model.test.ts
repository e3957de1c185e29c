import { describe, expect, it } from 'vitest';
import type { AgentView, ServerStatus } from '../../../shared/api';
import { cellOf, credentialRows } from './access-model';

const agent = (patch: Partial<AgentView>): AgentView => ({ name: 'a', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0, ...patch });
const server = (name: string, auth?: ServerStatus['auth']): ServerStatus =>
  ({ name, transport: 'http', enabled: true, state: 'ready', since: 0, approval: 'approved', toolCount: 0, resourceCount: 0, promptCount: 0, crashes: 0, history: [], ...(auth ? { auth } : {}) });

describe('the credentials on the Access page', () => {
  it('says what uses each one, tells client secrets apart, and takes the last use from the audit', () => {
    const rows = credentialRows({
      secrets: [{ name: 'GH_TOKEN' }, { name: 'OKTA_SECRET' }, { name: 'UNUSED' }],
      servers: [server('github'), server('okta', { connected: true, issuer: 'https://okta.example', scopes: ['openid', 'mcp'], expiresAt: 5 })],
      configs: { github: { url: 'https://gh', headers: { Authorization: 'Bearer ${secret:GH_TOKEN}' } }, okta: { url: 'https://o', auth: { type: 'oauth', clientSecret: '${secret:OKTA_SECRET}' } } },
      agents: [agent({ name: 'laptop', servers: ['okta'], lastUsedAt: 42 })],
      lastUse: [{ server: 'github', time: 30 }, { server: 'okta', time: 20 }],
    });
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId['secret::GH_TOKEN']).toMatchObject({ kind: 'secret', usedBy: ['github'], lastUsedAt: 30 });
    expect(byId['secret::OKTA_SECRET']).toMatchObject({ kind: 'client-secret', usedBy: ['okta'] });
    expect(byId['secret::UNUSED']?.usedBy).toEqual([]);
    expect(byId['grant:okta']).toMatchObject({ kind: 'grant', usedBy: ['okta', 'agent laptop'], lastUsedAt: 20 });
    expect(byId['grant:okta']?.details).toEqual(['signed in', 'account unknown', 'issuer https://okta.example', 'scopes openid mcp']);
    expect(byId['grant:github']).toBeUndefined();
    expect(byId['agent:laptop']).toMatchObject({ kind: 'agent-token', usedBy: ['okta'], lastUsedAt: 42 });
  });

  it('lists an API key once, as an API key: its secret, or the vault entry of a service that names none', () => {
    const rows = credentialRows({
      secrets: [{ name: 'API_KEY', server: 'evhttp' }],
      servers: [server('evhttp', { connected: true, kind: 'api_key' }), server('plain', { connected: true, kind: 'api_key' })],
      configs: { evhttp: { url: 'https://e', auth: { type: 'api_key', key: '${secret:API_KEY}' } }, plain: { url: 'https://p', auth: { type: 'api_key' } } },
      agents: [],
      lastUse: [],
    });
    expect(rows.map((r) => [r.id, r.kind, r.name])).toEqual([
      ['secret:evhttp:API_KEY', 'api-key', 'API_KEY'],
      ['key:plain', 'api-key', 'API key of plain'],
    ]);
  });

  it('reads a matrix cell from the agent’s services and per-tool rules', () => {
    expect(cellOf(agent({ servers: ['x'] }), 'y', ['t'])).toBe('block');
    expect(cellOf(agent({}), 'y', ['t'])).toBe('tiers');
    expect(cellOf(agent({ tools: { y: { t: 'allow', u: 'allow' } } }), 'y', ['t', 'u'])).toBe('allow');
    expect(cellOf(agent({ tools: { y: { t: 'allow' } } }), 'y', ['t', 'u'])).toBe('tiers');
  });

  it('takes only own rules: a server or tool named like a member of every object is no rule', () => {
    expect(cellOf(agent({}), 'constructor', ['prototype'])).toBe('tiers');
    expect(cellOf(agent({ tools: { y: {} } }), 'y', ['toString'])).toBe('tiers');
    const rules = JSON.parse('{"constructor":{"__proto__":"deny","prototype":"deny"}}') as AgentView['tools'];
    expect(cellOf(agent({ tools: rules }), 'constructor', ['__proto__', 'prototype'])).toBe('deny');
  });
});
