import { describe, expect, it } from 'vitest';
import { parseConfigObject } from './parse';
import { HttpServerSchema, StdioServerSchema } from './schema';

const messages = (result: ReturnType<typeof parseConfigObject>): string => (result.ok ? '' : result.issues.map((i) => `${i.field ?? ''}: ${i.message}`).join('\n'));

describe('a stdio server\'s env: names that would set another variable', () => {
  it('refuses a name holding "=", NUL or a control character, an empty one and an over-long one, saying what to fix', () => {
    for (const name of ['NODE_OPTIONS=--require /tmp/evil.cjs', 'A=B', '', 'A\0B', 'A\nB', 'x'.repeat(257)]) {
      const result = parseConfigObject({ mcpServers: { s: { command: 'node', env: { [name]: '1' } } } }, 'mcp.json');
      expect(result.ok, JSON.stringify(name)).toBe(false);
      expect(messages(result)).toMatch(/a variable name (may not|is at most)/);
      expect(messages(result)).toContain('rename the variable');
    }
  });

  it('keeps ordinary names, Windows ones and __proto__', () => {
    for (const name of ['PATH', 'ProgramFiles(x86)', 'my.var-1', '__proto__', 'x'.repeat(256)]) {
      const result = parseConfigObject(JSON.parse(`{"mcpServers":{"s":{"command":"node","env":{${JSON.stringify(name)}:"1"}}}}`), 'mcp.json');
      expect(result.ok, `${name}: ${messages(result)}`).toBe(true);
    }
  });
});

describe('a stdio server\'s command, arguments and env: bounded and free of NUL', () => {
  it('refuses a NUL in the command, a folder, an argument or a value', () => {
    for (const entry of [{ command: 'node\0evil' }, { command: 'node', cwd: '/tmp\0x' }, { command: 'node', args: ['a\0b'] }, { command: 'node', env: { A: 'a\0b' } }]) {
      expect(StdioServerSchema.safeParse(entry).success, JSON.stringify(entry)).toBe(false);
    }
  });

  it('refuses an over-long command, a 10 MB value, too many arguments or variables', () => {
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`V${i}`, '1']));
    for (const entry of [
      { command: 'x'.repeat(4097) },
      { command: 'node', env: { A: 'x'.repeat(10 * 1024 * 1024) } },
      { command: 'node', args: Array.from({ length: 100_000 }, () => 'a') },
      { command: 'node', args: ['x'.repeat(64 * 1024 + 1)] },
      { command: 'node', env: many },
    ]) {
      const parsed = StdioServerSchema.safeParse(entry);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/at most/);
    }
    expect(StdioServerSchema.safeParse({ command: 'node', args: Array.from({ length: 1000 }, () => 'a'), env: { A: 'x'.repeat(64 * 1024) } }).success).toBe(true);
  });
});

describe('${env:…} naming the product\'s own variables, refused when an entry is read', () => {
  it('refuses it in env, args, headers, the URL and auth, in any case', () => {
    const own = '${env:CONNECTED_SERVICES_PASSPHRASE}';
    for (const entry of [{ command: 'node', env: { P: own } }, { command: 'node', args: [`--pass=${own}`] }]) {
      const parsed = StdioServerSchema.safeParse(entry);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain("names one of Connected Services' own variables");
    }
    for (const entry of [
      { type: 'http', url: 'https://example.com/mcp', headers: { 'X-Trace': '${env:connected_services_token}' } },
      { type: 'http', url: `https://example.com/mcp?k=${own}` },
      { type: 'http', url: 'https://example.com/mcp', auth: { type: 'api_key', header: 'X-Key', key: '${env:CONNECTED_SERVICES_KEEPASSXC_PASSWORD}' } },
    ]) {
      const parsed = HttpServerSchema.safeParse(entry);
      expect(parsed.success, JSON.stringify(entry)).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message).join('\n')).toContain("names one of Connected Services' own variables");
    }
    expect(HttpServerSchema.safeParse({ type: 'http', url: 'https://example.com/mcp', headers: { A: '${env:API_KEY}', B: '$${env:CONNECTED_SERVICES_TOKEN}' } }).success).toBe(true);
  });
});
