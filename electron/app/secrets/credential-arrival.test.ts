import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import type { McpConfig } from '../../../shared/config';
import { GLOBAL_SERVER, type VaultChange } from '../../../shared/vault';
import { serversWaitingFor } from './credential-arrival';

const config = {
  mcpServers: {
    notes: { command: 'notes-mcp', env: { API_TOKEN: '${token}' }, auth: { type: 'api_key', key: '${secret:NOTES_KEY}' } },
    mail: { command: 'mail-mcp', env: { KEY: '${secret:MAIL_KEY}', LITERAL: '$${secret:OTHER}' } },
    files: { command: 'files-mcp', args: ['--key-file', '${secretFile:FILES_KEY}'] },
    slack: { command: 'slack-mcp', env: { SLACK_TOKEN: '${token}' }, auth: { type: 'oauth', issuer: 'https://auth.example.com', clientId: 'abc' } },
    own: { command: 'own-mcp', env: { API_TOKEN: '${token}' }, auth: { type: 'api_key' } },
  },
} as unknown as McpConfig;

const statuses = (states: Record<string, string>): ServerStatus[] => Object.entries(states).map(([name, state]) => ({ name, state }) as unknown as ServerStatus);
const stored = (server: string, kind: string, origin: VaultChange['origin'] = 'local', change: VaultChange['change'] = 'set'): VaultChange => ({ key: { server, kind }, change, origin });
const allWaiting = statuses({ notes: 'needs_auth', mail: 'error', files: 'error', slack: 'needs_auth', own: 'needs_auth' });

describe('serversWaitingFor', () => {
  it('a global secret: every waiting server whose entry names it, in env, args or its auth block', () => {
    expect(serversWaitingFor(stored(GLOBAL_SERVER, 'secret:NOTES_KEY'), allWaiting, config)).toEqual(['notes']);
    expect(serversWaitingFor(stored(GLOBAL_SERVER, 'secret:MAIL_KEY'), allWaiting, config)).toEqual(['mail']);
    expect(serversWaitingFor(stored(GLOBAL_SERVER, 'secret:FILES_KEY'), allWaiting, config)).toEqual(['files']);
    // `$${…}` is a literal, not a reference.
    expect(serversWaitingFor(stored(GLOBAL_SERVER, 'secret:OTHER'), allWaiting, config)).toEqual([]);
  });

  it('a secret scoped to a server: that server only', () => {
    expect(serversWaitingFor(stored('mail', 'secret:MAIL_KEY'), allWaiting, config)).toEqual(['mail']);
    expect(serversWaitingFor(stored('notes', 'secret:MAIL_KEY'), allWaiting, config)).toEqual([]);
  });

  it("a server's own API key brings back that server when its entry takes an API key", () => {
    expect(serversWaitingFor(stored('own', 'apiKey'), allWaiting, config)).toEqual(['own']);
    expect(serversWaitingFor(stored('slack', 'apiKey'), allWaiting, config)).toEqual([]);
  });

  it('a sign-in: only one made by another process (one made here starts its server itself)', () => {
    expect(serversWaitingFor(stored('slack', 'tokens', 'external'), allWaiting, config)).toEqual(['slack']);
    expect(serversWaitingFor(stored('slack', 'tokens', 'local'), allWaiting, config)).toEqual([]);
  });

  it('servers not waiting, removed from the config, or a deletion: nothing', () => {
    expect(serversWaitingFor(stored(GLOBAL_SERVER, 'secret:NOTES_KEY'), statuses({ notes: 'ready' }), config)).toEqual([]);
    expect(serversWaitingFor(stored(GLOBAL_SERVER, 'secret:NOTES_KEY'), statuses({ notes: 'idle', gone: 'error' }), config)).toEqual([]);
    expect(serversWaitingFor(stored(GLOBAL_SERVER, 'secret:NOTES_KEY', 'local', 'delete'), allWaiting, config)).toEqual([]);
  });
});
