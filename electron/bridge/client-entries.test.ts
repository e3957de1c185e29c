import { describe, expect, it } from 'vitest';
import { CONNECT_CLIENTS } from '../../shared/api';
import { clientEntry, keepsTokenItself } from './client-entries';
import { shellLine, shellWord } from './helper-command';

const TOKEN = 'cs_agent_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const stdioCommand = { command: '/opt/Connected Services/app', args: ['/opt/cs/cli.mjs', '--home', "/home/me/it's", 'bridge', '--stdio'], env: { ELECTRON_RUN_AS_NODE: '1' } };
const base = { bridgeUrl: 'http://127.0.0.1:47781/mcp', stdioCommand, platform: 'linux' as const };

/** Undoes shellWord for the words we make: bare, or single-quoted with `'\''` for a quote. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'((?:[^']|'\\'')*)'|(\S+)/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) words.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!);
  return words;
}

describe('each client\'s entry with the helper: no token anywhere in it', () => {
  it.each(CONNECT_CLIENTS.filter((c) => !keepsTokenItself(c)))('%s', (client) => {
    const { container, entry, input } = clientEntry(client, { helper: { agent: 'my agent' } }, base);
    expect(container).toBe('mcpServers');
    expect(input).toBeUndefined();
    expect(JSON.stringify(entry)).not.toMatch(/Bearer|cs_agent_|CONNECTED_SERVICES_TOKEN/);
    if (client === 'claude-code') {
      // Claude Code's headersHelper: a shell line whose output is the headers.
      expect(entry).toMatchObject({ type: 'http', url: base.bridgeUrl });
      const words = shellWords(entry['headersHelper'] as string);
      expect(words).toEqual(['ELECTRON_RUN_AS_NODE=1', stdioCommand.command, '/opt/cs/cli.mjs', '--home', "/home/me/it's", 'bridge', 'headers', '--agent', 'my agent']);
    } else {
      // Every other client starts the stdio bridge, which reads the token from the vault.
      expect(entry).toEqual({ command: stdioCommand.command, args: ['/opt/cs/cli.mjs', '--home', "/home/me/it's", 'bridge', '--stdio', '--agent', 'my agent'], env: { ELECTRON_RUN_AS_NODE: '1' } });
    }
  });

  it('VS Code keeps its ${input:…} prompt (its secret storage), whatever the source', () => {
    const { container, entry, input } = clientEntry('vscode', { helper: { agent: 'a' } }, { ...base, inputId: 'connected-services-token-a' });
    expect(container).toBe('servers');
    // The header names the agent: twins' entries (`Team A`, `team-a`) share the name and the input id.
    expect(entry).toEqual({ type: 'http', url: base.bridgeUrl, headers: { Authorization: 'Bearer ${input:connected-services-token-a}', 'X-Connected-Services-Agent': 'a' } });
    expect(input).toMatchObject({ type: 'promptString', id: 'connected-services-token-a', password: true });
  });

  it('Claude Code on Windows gets the stdio helper: its shell quoting is not POSIX', () => {
    const { entry } = clientEntry('claude-code', { helper: { agent: 'a' } }, { ...base, platform: 'win32' });
    expect(entry).toMatchObject({ type: 'stdio', command: stdioCommand.command, args: [...stdioCommand.args, '--agent', 'a'] });
  });

  it('a token or a reference still gives the entries `agents config` prints', () => {
    expect(clientEntry('cursor', { token: TOKEN }, base).entry).toEqual({ url: base.bridgeUrl, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(clientEntry('windsurf', { reference: true }, base).entry).toEqual({ serverUrl: base.bridgeUrl, headers: { Authorization: 'Bearer ${env:CONNECTED_SERVICES_TOKEN}' } });
    expect(clientEntry('gemini-cli', { reference: true }, base).entry).toEqual({ httpUrl: base.bridgeUrl, headers: { Authorization: 'Bearer ${CONNECTED_SERVICES_TOKEN}' } });
  });

  it('refuses a stdio command that is not the bridge', () => {
    expect(() => clientEntry('cursor', { helper: { agent: 'a' } }, { ...base, stdioCommand: { command: 'x', args: ['serve'] } })).toThrow(/bridge --stdio/);
  });
});

describe('shell words', () => {
  it('quotes everything a shell reads, and round-trips', () => {
    for (const word of ["it's", 'a b', '$(rm -rf ~)', '`x`', 'a;b', 'x\ny', '', '"q"', '\\']) {
      const quoted = shellWord(word);
      expect(quoted.startsWith("'")).toBe(true);
      expect(shellWords(`x ${quoted}`)[1] ?? '').toBe(word);
    }
    expect(shellWord('/usr/bin/node')).toBe('/usr/bin/node');
    expect(shellLine({ command: 'c', args: [] }, 'darwin')).toBe('c');
    expect(shellLine({ command: 'c', args: [] }, 'win32')).toBeUndefined();
  });
});
