import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLock } from '../fs-safe';
import { createConfigIfMissing } from './first-run';

const demo = () => ({ memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } });

/** A real lock whose uses are counted. */
function countedLock(dir: string): { lock: FileLock; runs: () => number } {
  const lock = new FileLock(join(dir, 'mcp.json.lock'));
  let runs = 0;
  const run = lock.run.bind(lock);
  lock.run = (fn) => {
    runs++;
    return run(fn);
  };
  return { lock, runs: () => runs };
}

describe('createConfigIfMissing', () => {
  it('writes the demo servers under the lock when there is no mcp.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-first-run-'));
    const { lock, runs } = countedLock(dir);
    const created = await createConfigIfMissing(join(dir, 'mcp.json'), lock, demo);
    expect(created).toEqual(demo());
    expect(runs()).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'mcp.json'), 'utf8'))).toEqual({ mcpServers: demo() });
  });

  it('leaves an existing mcp.json as it is, without taking the lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-first-run-'));
    writeFileSync(join(dir, 'mcp.json'), '{ "mcpServers": {} }\n');
    const { lock, runs } = countedLock(dir);
    expect(await createConfigIfMissing(join(dir, 'mcp.json'), lock, demo)).toBeNull();
    expect(runs()).toBe(0);
    expect(readFileSync(join(dir, 'mcp.json'), 'utf8')).toBe('{ "mcpServers": {} }\n');
  });
});
