import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config-read';

function configFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cs-config-proto-')), 'mcp.json');
  writeFileSync(file, text);
  return file;
}

// JSON.parse keeps `__proto__` an own key; the schema's records must keep it too.
describe('readConfig: env and headers named __proto__', () => {
  it('keeps a variable and a header so named as ordinary entries', async () => {
    const file = configFile(
      '{"mcpServers":{"local":{"command":"node","env":{"__proto__":"v","A":"1"}},"remote":{"type":"http","url":"https://mcp.example.com/mcp","headers":{"__proto__":"h","X-A":"b"}}}}',
    );
    const read = await readConfig(file, undefined, false);
    if (read.kind !== 'parsed') throw new Error(`not parsed: ${JSON.stringify(read)}`);
    expect(read.skipped).toEqual([]);
    const local = read.config.mcpServers['local'];
    const remote = read.config.mcpServers['remote'];
    const env = local && 'env' in local ? local.env : undefined;
    const headers = remote && 'headers' in remote ? remote.headers : undefined;
    expect(Object.keys(env ?? {})).toEqual(['__proto__', 'A']);
    expect(Object.hasOwn(env ?? {}, '__proto__') && env?.['__proto__']).toBe('v');
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
    expect(Object.keys(headers ?? {})).toEqual(['__proto__', 'X-A']);
    expect(headers?.['__proto__']).toBe('h');
  });

  it('checks such a key as any other: a line break in a header so named disables the entry', async () => {
    const file = configFile('{"mcpServers":{"remote":{"type":"http","url":"https://mcp.example.com/mcp","headers":{"__proto__":"a\\r\\nX-Evil: 1"}}}}');
    const read = await readConfig(file, undefined, false);
    if (read.kind !== 'parsed') throw new Error(`not parsed: ${JSON.stringify(read)}`);
    expect(read.config.mcpServers['remote']).toBeUndefined();
    expect(read.skipped.map((s) => s.message).join('\n')).toContain('line break');
  });
});
