import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const registryModule = pathToFileURL(path.join(repo, 'electron', 'registry', 'index.ts')).href;

/** Opens the registry, waits for the "go" file so both processes edit at the same time, adds 20 servers. */
const child = `
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openRegistry } from ${JSON.stringify(registryModule)};
const [dataDir, prefix] = process.argv.slice(2);
const registry = await openRegistry({ dataDir });
writeFileSync(path.join(dataDir, 'ready-' + prefix), '');
while (!existsSync(path.join(dataDir, 'go'))) await new Promise((r) => setTimeout(r, 5));
for (let i = 0; i < 20; i += 1) await registry.addServer(prefix + '-' + i, { command: 'node', args: [prefix, String(i)] });
await registry.close();
`;

describe('registry: concurrent processes', () => {
  let root = '';
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('loses no edit when two processes each add 20 servers', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-lock-'));
    const dataDir = path.join(root, 'data');
    const script = path.join(root, 'child.mts');
    await writeFile(script, child);
    await mkdir(dataDir, { mode: 0o700 });
    await writeFile(path.join(dataDir, 'mcp.json'), JSON.stringify({ keepMe: true, mcpServers: { first: { command: 'node' } } }));

    const spawnChild = (prefix: string) =>
      run(process.execPath, ['--import', 'tsx', script, dataDir, prefix], { cwd: repo, timeout: 25_000 });
    const children = [spawnChild('one'), spawnChild('two')];
    const ready = async (): Promise<void> => {
      for (let i = 0; i < 2000; i += 1) {
        const names = await readdir(dataDir);
        if (names.includes('ready-one') && names.includes('ready-two')) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('children did not start');
    };
    await Promise.race([ready(), Promise.all(children).then(() => undefined)]);
    await writeFile(path.join(dataDir, 'go'), '');
    await Promise.all(children);

    const final = JSON.parse(await readFile(path.join(dataDir, 'mcp.json'), 'utf8')) as {
      keepMe: boolean;
      mcpServers: Record<string, { args?: string[] }>;
    };
    const expected = ['first', ...['one', 'two'].flatMap((p) => Array.from({ length: 20 }, (_, i) => `${p}-${i}`))];
    expect(Object.keys(final.mcpServers).sort()).toEqual(expected.sort());
    expect(final.mcpServers['two-7']?.args).toEqual(['two', '7']);
    expect(final.keepMe).toBe(true);
  });
});
