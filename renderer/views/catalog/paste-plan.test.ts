import { describe, expect, it } from 'vitest';
import { pastedPlan, readPaste, suggestName } from './paste-plan';

describe('paste to add', () => {
  it('reads a command line, split by shell rules, named after its package', () => {
    expect(readPaste(`API_KEY='a b' npx -y @modelcontextprotocol/server-memory@1.2 /tmp`, '')).toEqual([
      { name: 'server-memory', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@1.2', '/tmp'], env: { API_KEY: 'a b' } }, warnings: [] },
    ]);
    expect(readPaste('uvx mcp-server-time', 'clock')[0]?.name).toBe('clock');
  });

  it('reads JSON entries with their own names, naming a bare one from the name field', () => {
    expect(readPaste('{"mcpServers": {"mem": {"command": "npx", "args": ["m"]}}}', 'ignored').map((r) => r.name)).toEqual(['mem']);
    expect(readPaste('{"command": "node", "args": ["/srv/weather.js"]}', '')[0]?.name).toBe('weather');
    expect(readPaste('{"url": "https://mcp.linear.app/mcp"}', '')[0]).toMatchObject({ name: 'linear', config: { type: 'http' } });
  });

  it('refuses a bad name, an empty paste and what needs a shell', () => {
    expect(() => readPaste('npx a', 'bad name')).toThrow(/not a valid server name/);
    expect(() => readPaste('  ', '')).toThrow(/nothing was pasted/);
    expect(() => readPaste('a | b', '')).toThrow(/needs a shell/);
  });

  it('falls back to "service" when no word makes a name', () => {
    expect(suggestName({ command: 'npx', args: ['-y'] })).toBe('service');
  });
});

describe('pastedPlan', () => {
  it('moves literal secret-named variables and auth headers to the vault, keeping references and plain values', () => {
    const [row] = readPaste(`GITHUB_TOKEN=ghp_abc MODE=fast OTHER_KEY='${'${secret:MINE}'}' npx -y gh`, 'gh');
    expect(row && pastedPlan(row)).toEqual({
      name: 'gh',
      config: { command: 'npx', args: ['-y', 'gh'], env: { GITHUB_TOKEN: '${secret:GITHUB_TOKEN}', MODE: 'fast', OTHER_KEY: '${secret:MINE}' } },
      secrets: [{ name: 'GITHUB_TOKEN', value: 'ghp_abc' }],
    });
    const [http] = readPaste('{"url": "https://x.example/mcp", "headers": {"Authorization": "Bearer t0k", "X-Team": "a"}}', 'x');
    expect(http && pastedPlan(http)).toMatchObject({ config: { headers: { Authorization: '${secret:Authorization}', 'X-Team': 'a' } }, secrets: [{ name: 'Authorization', value: 'Bearer t0k' }] });
  });

  it('moves a header named by a credential word (X-Auth, X-Session-Cookie), as servers add and import judge one', () => {
    const [http] = readPaste('{"url": "https://x.example/mcp", "headers": {"X-Auth": "p1", "X-Session-Cookie": "p2", "X-Monkey": "banana"}}', 'x');
    const plan = http && pastedPlan(http);
    expect(plan?.secrets.map((s) => s.name)).toEqual(['X-Auth', 'X-Session-Cookie']);
    expect(plan?.config).toMatchObject({ headers: { 'X-Monkey': 'banana' } });
  });

  it('moves variables that evade a suffix check: key ids, one-time codes, other languages; plain ones stay', () => {
    const [row] = readPaste('AWS_ACCESS_KEY_ID=AKIA1 MYSQL_PWD=p1 TOTP_SEED=s1 DB_PASSWORT=p3 TOKENIZER_MODEL=bpe LOG_LEVEL=debug PWD=/home/me npx -y x', 'x');
    const plan = row && pastedPlan(row);
    expect(plan?.secrets.map((s) => s.name)).toEqual(['AWS_ACCESS_KEY_ID', 'MYSQL_PWD', 'TOTP_SEED', 'DB_PASSWORT']);
    expect(plan?.config).toMatchObject({ env: { TOKENIZER_MODEL: 'bpe', LOG_LEVEL: 'debug' } });
  });
});

// A screens review: Paste named services `index`, `run` and `setInterval--------1000-`.
describe('suggestName: a name that says which server it is', () => {
  it('takes the folder above a generic file, skips subcommands, inline code, numbers and variable names', () => {
    expect(suggestName({ command: 'node', args: ['/srv/weather/dist/index.js'] })).toBe('weather');
    expect(suggestName({ command: 'uv', args: ['run', 'mcp-server-fetch'] })).toBe('mcp-server-fetch');
    expect(suggestName({ command: 'node', args: ['-e', 'setInterval(() => {}, 1000)'] })).toBe('service');
    expect(suggestName({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'GITHUB_TOKEN', 'ghcr.io/github/github-mcp-server:latest'] })).toBe('github-mcp-server');
    expect(suggestName({ command: 'python3', args: ['server.py', '--port', '8080'] })).toBe('service');
    expect(suggestName({ command: '/opt/tools/notes-mcp' })).toBe('notes-mcp');
    expect(suggestName({ command: 'npx', args: ['-y', '@scope/server-memory@1.2.3'] })).toBe('server-memory');
  });
});
