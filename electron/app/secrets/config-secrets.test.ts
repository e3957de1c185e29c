import { describe, expect, it } from 'vitest';
import type { McpConfig } from '../../../shared/config';
import { Redactor, sourceWords } from '../../../shared/redact';
import { registerConfigSecrets } from './config-secrets';

describe('literal secrets written in mcp.json', () => {
  it('are known by the entry and field they are written in, a bearer token alone too', () => {
    const redactor = new Redactor();
    const config = {
      mcpServers: {
        notes: { command: 'notes-server', env: { NOTES_API_KEY: 'literal-notes-key-0123' } },
        wiki: { url: 'https://wiki.example.com/mcp', headers: { Authorization: 'Bearer literal-wiki-token-4567' } },
      },
    } as unknown as McpConfig;
    registerConfigSecrets(config, redactor);
    const notes = { from: 'config', server: 'notes', name: 'NOTES_API_KEY' } as const;
    expect(redactor.knownIn({ q: 'literal-notes-key-0123' })).toEqual({ source: notes, former: false });
    expect(redactor.knownIn({ q: 'literal-wiki-token-4567' })).toEqual({ source: { from: 'config', server: 'wiki', name: 'Authorization' }, former: false });
    expect(sourceWords(notes, false)).toBe('the value of NOTES_API_KEY of notes written in mcp.json');
  });

  it('knows a header by a credential word in its name (X-Api-Pass), not a fixed list', () => {
    const redactor = new Redactor();
    const config = { mcpServers: { wiki: { url: 'https://wiki.example.com/mcp', headers: { 'X-Api-Pass': 'hunter2-literal-pass', 'X-Team': 'blue-team-0001' } } } } as unknown as McpConfig;
    registerConfigSecrets(config, redactor);
    expect(redactor.redact('sent hunter2-literal-pass for blue-team-0001')).toBe('sent [redacted] for blue-team-0001');
  });

  it("are known wherever servers add would find them: a secret flag's value, a token in a URL's path or parameters", () => {
    const redactor = new Redactor();
    const config = {
      mcpServers: {
        tool: { command: 'npx', args: ['some-mcp', '--api-key', 'sk-live-0123456789abcdef'] },
        wiki: { url: 'https://wiki.example.com/u/Xq7Lm2Np9Rt4Vw8Zb3Kd6Hf1Jg5s/mcp?api_key=AAAAbbbbCCCCddddEEEE1234' },
      },
    } as unknown as McpConfig;
    registerConfigSecrets(config, redactor);
    expect(redactor.redact('Could not resolve (for https://wiki.example.com/u/Xq7Lm2Np9Rt4Vw8Zb3Kd6Hf1Jg5s/mcp?x=1)')).toBe('Could not resolve (for https://wiki.example.com/u/[redacted]/mcp?x=1)');
    expect(redactor.knownIn({ q: 'AAAAbbbbCCCCddddEEEE1234' })).toEqual({ source: { from: 'config', server: 'wiki', name: 'url.api_key' }, former: false });
    expect(redactor.knownIn({ q: 'sk-live-0123456789abcdef' })).toEqual({ source: { from: 'config', server: 'tool', name: 'args.2' }, former: false });
  });
});
