import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CLI, runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

// Each test runs the real CLI a few times (about 1-2 s each on an idle machine).
vi.setConfig({ testTimeout: 90_000 });

const env = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

/** A secret file and a symbolic link to it, as a downloaded key is often reached. */
async function linked(): Promise<{ home: string; target: string; link: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-secret-link-'));
  const target = join(dir, 'sec.txt');
  writeFileSync(target, 'file-secret-content-123\n', { mode: 0o644 });
  const link = join(dir, 'sec-link.txt');
  symlinkSync('sec.txt', link);
  return { home: await passphraseHome(env, 'cs-secret-link-home-'), target, link };
}

const hasScript = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

describe.skipIf(process.platform === 'win32')('secrets set --from-file through a link', () => {
  // Deleting the link alone said "Deleted" while the secret stayed in the file it named.
  it('--delete-original deletes the file read and the link, naming both', async () => {
    const { home, target, link } = await linked();
    const set = await runCli(home, ['secrets', 'set', 'LINKED', '--from-file', link, '--delete-original'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Deleted ${target} (which the link ${link} points to) and the link.`);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(link)).toBe(false);
    expect(JSON.parse((await runCli(home, ['secrets', 'list', '--json'], { env })).stdout)).toEqual([{ name: 'LINKED' }]);
  });

  it.skipIf(!hasScript)('at a terminal, asks about the file read, not the link', async () => {
    const { home, target, link } = await linked();
    const quote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;
    const line = [process.execPath, CLI, '--home', home, 'secrets', 'set', 'LINKED', '--from-file', link].map(quote).join(' ');
    const run = spawnSync('script', ['-qec', line, '/dev/null'], { input: 'y\r', env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toContain(`Delete ${target} (which the link ${link} points to) and the link now that the vault holds it?`);
    expect(existsSync(target)).toBe(false);
  });

  it('names a link that loops as such, with the path, not as an internal error', async () => {
    const { home, link } = await linked();
    const loop = join(link, '..', 'loop1');
    symlinkSync('loop2', loop);
    symlinkSync('loop1', join(link, '..', 'loop2'));
    const set = await runCli(home, ['secrets', 'set', 'LOOPED', '--from-file', loop], { env });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain(`error [invalid_input]: Could not read ${loop}: it is a link that leads round in a loop`);
    const imported = await runCli(home, ['import', 'cursor', '--path', loop], { env });
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain(`error [invalid_input]: Could not read ${loop}: it is a link that leads round in a loop`);
  });
});

describe('secrets set --from-file and a byte order mark', () => {
  it('leaves out a leading UTF-8 byte order mark and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-secret-bom-'));
    const file = join(dir, 'bom.txt');
    writeFileSync(file, '\uFEFFbom-secret\n');
    const home = await passphraseHome(env, 'cs-secret-bom-home-');
    const set = await runCli(home, ['secrets', 'set', 'BOMMED', '--from-file', file], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Stored BOMMED (1 line, 11 bytes) from ${file}.`);
    expect(set.stdout).toContain("The byte order mark that began the file (an editor's mark, never part of a key) was left out.");
  });
});
