import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPrivateRuntimeDir, runtimeBase, sweepRuntimeDirs } from './private-runtime-dir';

// Far above any pid_max: kill(pid, 0) answers ESRCH.
const NO_SUCH_PID = 2_147_483_000;
const posix = process.platform !== 'win32';

function setup(): { dataDir: string; env: Record<string, string>; runtime: string } {
  const top = mkdtempSync(join(tmpdir(), 'cs-runtime-'));
  const runtime = join(top, 'xdg');
  mkdirSync(runtime, { mode: 0o700 });
  return { dataDir: join(top, 'data'), env: { XDG_RUNTIME_DIR: runtime }, runtime };
}

describe('private runtime folder', () => {
  it.skipIf(!posix)('writes 0600 files in a 0700 folder outside the data folder, and removes them', async () => {
    const options = setup();
    const dir = await openPrivateRuntimeDir(options);
    const file = await dir.write('svc.KEY', 'line one\nline two\n');
    expect(readFileSync(file, 'utf8')).toBe('line one\nline two\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (const folder of [dir.dir, dirname(dir.dir), dirname(dirname(dir.dir))]) expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(file.startsWith(options.dataDir)).toBe(false);
    expect(file.startsWith(runtimeBase(options))).toBe(true);

    await dir.write('svc.OTHER', 'x');
    await dir.write('other.KEY', 'y');
    await dir.remove('svc.');
    expect(readdirSync(dir.dir).sort()).toEqual(['other.KEY', 'owner.json']);
    await dir.close();
    expect(existsSync(dir.dir)).toBe(false);
    await expect(dir.write('svc.KEY', 'z')).rejects.toMatchObject({ code: 'server_unavailable' });
  });

  it('refuses names that would leave the folder', async () => {
    const dir = await openPrivateRuntimeDir(setup());
    await expect(dir.write('../escape', 'x')).rejects.toMatchObject({ code: 'internal' });
    await expect(dir.write('owner.json', 'x')).rejects.toMatchObject({ code: 'internal' });
    await dir.close();
  });

  it('a sweep removes the folders of dead processes only, never a live one', async () => {
    const options = setup();
    const live = await openPrivateRuntimeDir(options);
    await live.write('svc.KEY', 'live');
    const base = runtimeBase(options);
    const dead = join(base, 'run-deadbeef');
    mkdirSync(dead, { mode: 0o700 });
    writeFileSync(join(dead, 'owner.json'), JSON.stringify({ v: 1, pid: NO_SUCH_PID, host: hostname(), nonce: 'nonce-dead-1234', since: new Date(0).toISOString() }));
    writeFileSync(join(dead, 'svc.KEY'), 'left over', { mode: 0o600 });
    // Being created by another process: no owner yet, so no secret either.
    const creating = join(base, '.new-cafe');
    mkdirSync(creating, { mode: 0o700 });

    expect(await sweepRuntimeDirs(options)).toEqual([dead]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(creating)).toBe(true);
    expect(readFileSync(join(live.dir, 'svc.KEY'), 'utf8')).toBe('live');
    await live.close();
  });

  it.skipIf(!posix)('refuses a runtime folder that is a link or open to others', async () => {
    const options = setup();
    const root = join(options.runtime, 'connected-services');
    const elsewhere = mkdtempSync(join(tmpdir(), 'cs-elsewhere-'));
    symlinkSync(elsewhere, root);
    const linked: unknown = await openPrivateRuntimeDir(options).catch((e: unknown) => e);
    expect(linked).toMatchObject({ code: 'denied' });
    expect(String((linked as Error).message)).toContain('not private');

    const open = setup();
    mkdirSync(join(open.runtime, 'connected-services'), { mode: 0o755 });
    await expect(openPrivateRuntimeDir(open)).rejects.toMatchObject({ code: 'denied' });
  });
});
