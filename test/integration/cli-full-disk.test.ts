import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

/** A real tiny file system for the data folder: a tmpfs of 512 KiB (mounting one needs root). */
function mountTiny(): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cs-full-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', dir]);
  if (mounted.status === 0) return dir;
  rmdirSync(dir);
  return undefined;
}

/** Fills it to the last block. */
function fill(dir: string): void {
  const filler = join(dir, 'filler');
  for (const size of [1 << 20, 4096, 512, 1]) {
    try {
      for (;;) appendFileSync(filler, Buffer.alloc(size));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
}

const tiny = mountTiny();

describe('CLI: a data folder on a full disk', () => {
  afterEach(() => {
    if (tiny === undefined) return;
    spawnSync('umount', [tiny]);
    rmdirSync(tiny);
  });

  // Root only (a mount); else the mapping is covered by fs-errors.test.ts and pin-write-failure.test.ts.
  it.skipIf(tiny === undefined)('every write answers server_unavailable (exit 7) with where to free space', async () => {
    const home = tiny ?? '';
    expect((await runCli(home, ['servers', 'list'])).code).toBe(0);
    fill(home);
    const commands = [['agents', 'add', 'bot', '--servers', '*'], ['servers', 'add', 'notes', '--', process.execPath, '-e', '0'], ['secrets', 'set', 'KEY']];
    for (const args of commands) {
      const refused = await runCli(home, args, { env: { CONNECTED_SERVICES_PASSPHRASE: 'cs-full-disk-test-passphrase' }, input: 'a-value-of-a-secret\n' });
      expect(refused.code, `${args.join(' ')}: ${refused.stderr}`).toBe(7);
      expect(refused.stderr).toMatch(/^error \[server_unavailable\]: Could not \w+ .*: the disk is full\.\n {2}hint: The disk is full: free space in /);
      expect(refused.stderr).toContain(home);
    }
  }, 90_000);
});
