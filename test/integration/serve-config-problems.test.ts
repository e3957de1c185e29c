import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

/** Whole at once (a rename), as an editor saves: serve, watching, never reads it empty halfway. */
function write(home: string, servers: Record<string, unknown>): void {
  writeFileSync(join(home, 'mcp.json.new'), JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
  renameSync(join(home, 'mcp.json.new'), join(home, 'mcp.json'));
}

describe('serve, when mcp.json changes to hold problems', () => {
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  it('writes each problem once, on one line that names the server and the field apart from the problem', async () => {
    const home = tempHome('cs-serve-config-problems-');
    write(home, {});
    served = await startServe(home, [], { CONNECTED_SERVICES_PASSPHRASE: 'config-problems' });
    const file = join(home, 'mcp.json');
    const lines = (): string[] => served!.stderr().split('\n').filter((line) => line.startsWith('config problem:'));

    write(home, { a: { type: 'http', url: 'not a url' }, b: { command: 'node', env: { 'MY KEY': 5 } } });
    await eventually(() => Promise.resolve(lines().length >= 2 ? true : undefined), 20_000);
    // A later change with another problem: by the time its line is read, every line of the first change was.
    write(home, { c: { type: 'http', url: 'https://c.example/mcp', headers: { 'My Token': 3 } } });
    await eventually(() => Promise.resolve(lines().some((line) => line.includes('server "c"')) ? true : undefined), 20_000);

    const first = lines().filter((line) => !line.includes('server "c"'));
    expect(first).toHaveLength(2);
    expect(first[0]).toMatch(/^config problem: .+: server "a": field "url": is not a whole URL/);
    expect(first[0]?.startsWith(`config problem: ${file}: `)).toBe(true);
    expect(first[1]).toBe(`config problem: ${file}: server "b": field env["MY KEY"]: expected string, got number 5`);
    expect(lines().filter((line) => line.includes('server "c"'))).toEqual([`config problem: ${file}: server "c": field headers["My Token"]: expected string, got number 3`]);
  }, 90_000);
});
