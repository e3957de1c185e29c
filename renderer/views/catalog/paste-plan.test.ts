import { describe, expect, it } from 'vitest';
import { pastedPlan, readPaste, suggestName } from './paste-plan';

describe('paste to add', () => {
  it('reads a command line, split by shell rules, named after its package', () => {
    expect(readPaste(`API_KEY='a b' npx -y @modelcontextprotocol/server-memory@1.2 /tmp`, '')).toEqual([
      { name: 'memory', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@1.2', '/tmp'], env: { API_KEY: 'a b' } }, warnings: [] },
    ]);
    expect(readPaste('uvx mcp-server-time', 'clock')[0]?.name).toBe('clock');
  });

  it('reads JSON entries with their own names, naming a bare one from the name field', () => {
    expect(readPaste('{"mcpServers": {"mem": {"command": "npx", "args": ["m"]}}}', 'ignored').map((r) => r.name)).toEqual(['mem']);
    expect(readPaste('{"command": "node", "args": ["/srv/weather.js"]}', '')[0]?.name).toBe('weather');
    expect(readPaste('{"url": "https://mcp.linear.app/mcp"}', '')[0]).toMatchObject({ name: 'linear', config: { type: 'http' } });
  });

  it('refuses a bad name, an empty paste and what needs a shell', () => {
    expect(() => readPaste('npx a', 'bad name')).toThrow(/not a valid service name/);
    expect(() => readPaste('npx a', 'bad name')).toThrow(expect.objectContaining({ hint: 'For example: bad-name' }));
    // A name with an accent hears which letters the rule means, and is offered one free of those taken.
    expect(() => readPaste('npx a', 'café', ['cafe'])).toThrow(expect.objectContaining({
      message: expect.stringContaining('letters a-z and A-Z only') as unknown,
      hint: 'It looks like "cafe", which is already a service; pick another name',
    }));
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
    expect(suggestName({ command: 'uv', args: ['run', 'mcp-server-fetch'] })).toBe('fetch');
    expect(suggestName({ command: 'node', args: ['-e', 'setInterval(() => {}, 1000)'] })).toBe('service');
    expect(suggestName({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'GITHUB_TOKEN', 'ghcr.io/github/github-mcp-server:latest'] })).toBe('github');
    expect(suggestName({ command: 'python3', args: ['server.py', '--port', '8080'] })).toBe('service');
    expect(suggestName({ command: '/opt/tools/notes-mcp' })).toBe('notes');
    expect(suggestName({ command: 'npx', args: ['-y', '@scope/server-memory@1.2.3'] })).toBe('memory');
    // A second screens review: "mcp", "install" and "service" for these.
    expect(suggestName({ command: 'npx', args: ['@playwright/mcp@latest'] })).toBe('playwright');
    expect(suggestName({ command: 'deno', args: ['run', '-A', 'jsr:@foo/mcp'] })).toBe('foo');
    expect(suggestName({ command: 'pip', args: ['install', 'weather-tools'] })).toBe('weather-tools');
    expect(suggestName({ command: 'npm', args: ['start'], cwd: '/home/me/src/my-server' })).toBe('my-server');
    expect(suggestName({ command: 'docker', args: ['run', '-i', '--rm', 'mcp/fetch'] })).toBe('fetch');
  });
});

// A screens review: a key in a pasted program's arguments was shown as fine, then refused at Add with a command to run.
describe('pastedPlan: a secret in the arguments', () => {
  it('goes to the vault as the variables do, the argument referring to it', () => {
    const [row] = readPaste(`claude mcp add-json weather '{"type":"stdio","command":"node","args":["/opt/weather.js","--api-key","abcdef123456"]}'`, '');
    const plan = row && pastedPlan(row);
    expect(plan?.config).toMatchObject({ command: 'node', args: ['/opt/weather.js', '--api-key', '${secret:WEATHER_API_KEY}'] });
    expect(plan?.secrets).toEqual([{ name: 'WEATHER_API_KEY', value: 'abcdef123456' }]);
    expect(JSON.stringify(plan?.config)).not.toContain('abcdef123456');
  });

  it('leaves plain arguments as they are', () => {
    const [row] = readPaste('npx -y @modelcontextprotocol/server-filesystem /tmp --max 5', '');
    expect(row && pastedPlan(row)).toMatchObject({ config: { args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp', '--max', '5'] }, secrets: [] });
  });
});
