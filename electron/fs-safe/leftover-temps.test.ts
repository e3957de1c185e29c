import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEFTOVER_AGE_MS, removeLeftoverTemps } from './leftover-temps';

const NOW = Date.UTC(2026, 0, 1);

function file(dir: string, name: string, ageMs: number): string {
  const at = path.join(dir, name);
  writeFileSync(at, '{"token":"cs_agent_left-behind"}');
  utimesSync(at, (NOW - ageMs) / 1000, (NOW - ageMs) / 1000);
  return at;
}

describe('removeLeftoverTemps: temp files a dead write of ours left', () => {
  it('removes only the exact temp-name pattern, older than a minute, a plain file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cs-leftovers-'));
    const old = LEFTOVER_AGE_MS + 1000;
    const stale = file(dir, 'mcp.json.tmp-4242-0123456789ab', old);
    const fresh = file(dir, `mcp.json.tmp-${process.pid}-0123456789ab`, 1000);
    const others = [
      file(dir, 'mcp.json', old),
      file(dir, 'mcp.json.tmp-editor', old),
      file(dir, 'mcp.json.tmp-4242-0123456789ab.bak', old),
      file(dir, 'mcp.json.tmp-4242-0123456789AB', old),
      file(dir, '.tmp-4242-0123456789ab', old),
    ];
    const target = file(dir, 'elsewhere', old);
    symlinkSync(target, path.join(dir, 'settings.json.tmp-7-0123456789ab'));

    expect(await removeLeftoverTemps(dir, NOW)).toEqual(['mcp.json.tmp-4242-0123456789ab']);
    expect(existsSync(stale)).toBe(false);
    for (const kept of [fresh, ...others, target, path.join(dir, 'settings.json.tmp-7-0123456789ab')]) expect(existsSync(kept), kept).toBe(true);
  });

  it('removes a temp under a minute old at once when the process named in it is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cs-leftovers-'));
    // A process that has exited and been reaped: its pid names no process (unless reused, when the temp waits for its age).
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const young = file(dir, `mcp.json.tmp-${String(gone)}-0123456789ab`, 1000);
    const ours = file(dir, `mcp.json.tmp-${process.pid}-abcdef012345`, 1000);
    expect(await removeLeftoverTemps(dir, NOW)).toEqual([path.basename(young)]);
    expect(existsSync(ours)).toBe(true);
  });

  it('a folder that cannot be read removes nothing and does not fail', async () => {
    await expect(removeLeftoverTemps(path.join(tmpdir(), 'cs-no-such-folder-', 'x'), NOW)).resolves.toEqual([]);
  });
});
