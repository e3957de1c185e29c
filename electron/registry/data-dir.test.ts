import os from 'node:os';
import path from 'node:path';
import { chmod, chown, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { assertOwnFolder, defaultDataDir, ensureDataDir } from './data-dir';

describe('defaultDataDir', () => {
  it('prefers CONNECTED_SERVICES_HOME on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(defaultDataDir({ env: { CONNECTED_SERVICES_HOME: '/custom' }, platform, homeDir: '/h' })).toBe('/custom');
    }
  });

  it('takes a relative CONNECTED_SERVICES_HOME from the working directory, as --home', () => {
    expect(defaultDataDir({ env: { CONNECTED_SERVICES_HOME: ' rel/data ' }, platform: 'linux', homeDir: '/h' })).toBe(path.resolve('rel/data'));
    expect(defaultDataDir({ env: { CONNECTED_SERVICES_HOME: 'C:\\cs' }, platform: 'win32', homeDir: '/h' })).toBe('C:\\cs');
  });

  it('uses XDG_CONFIG_HOME or ~/.config on Linux', () => {
    expect(defaultDataDir({ env: {}, platform: 'linux', homeDir: '/home/me' })).toBe('/home/me/.config/connected-services');
    expect(defaultDataDir({ env: { XDG_CONFIG_HOME: '/xdg' }, platform: 'linux', homeDir: '/home/me' })).toBe('/xdg/connected-services');
    expect(defaultDataDir({ env: { XDG_CONFIG_HOME: 'rel' }, platform: 'linux', homeDir: '/home/me' })).toBe(
      '/home/me/.config/connected-services',
    );
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(defaultDataDir({ env: {}, platform: 'darwin', homeDir: '/Users/me' })).toBe(
      '/Users/me/Library/Application Support/Connected Services',
    );
    expect(defaultDataDir({ env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' }, platform: 'win32', homeDir: 'C:\\Users\\me' })).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\Connected Services',
    );
    expect(defaultDataDir({ env: {}, platform: 'win32', homeDir: 'C:\\Users\\me' })).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\Connected Services',
    );
  });
});

describe('ensureDataDir', () => {
  let root = '';
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it.skipIf(process.platform === 'win32')('creates nested folders with mode 0700 and accepts an existing one', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-datadir-'));
    const dir = path.join(root, 'a', 'b');
    await ensureDataDir(dir);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    await ensureDataDir(dir);
  });

  it.skipIf(process.platform === 'win32')('makes every missing folder above it 0700 too, and a file above it is refused', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-datadir-'));
    await ensureDataDir(path.join(root, 'a', 'b', 'c'));
    expect((await stat(path.join(root, 'a'))).mode & 0o777).toBe(0o700);
    await writeFile(path.join(root, 'file'), 'x');
    const error = await ensureDataDir(path.join(root, 'file', 'below')).catch((e: unknown) => e);
    expect((error as CodedError).code).toBe('invalid_config');
  });

  // Node's recursive mkdir never returns there (/proc refuses every child with ENOENT): a mistyped --home hung.
  it.skipIf(process.platform !== 'linux')('answers a folder under /proc with an error instead of hanging', async () => {
    for (const dir of ['/proc/cs-nope', '/proc/cs-nope/deeper']) {
      const error = await ensureDataDir(dir).catch((e: unknown) => e);
      expect(error, dir).toBeInstanceOf(CodedError);
      expect((error as CodedError).message, dir).toBe(`Could not create the data folder ${dir}: no folder can be made there.`);
      expect((error as CodedError).hint, dir).toContain('--home');
    }
  }, 10_000);

  it('refuses a file in place of the folder, with a hint', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-datadir-'));
    const file = path.join(root, 'file');
    await writeFile(file, 'x');
    const error = await ensureDataDir(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).code).toBe('invalid_config');
    expect((error as CodedError).hint).toBeTruthy();
  });

  // A folder others can write lets them plant mcp.json's commands and approvals.json's consent to them.
  it.skipIf(process.platform === 'win32')('refuses an existing folder that others may write, and keeps one that is only readable', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-datadir-'));
    const shared = path.join(root, 'shared');
    await mkdir(shared);
    await chmod(shared, 0o777);
    const error = await ensureDataDir(shared).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).code).toBe('denied');
    expect((error as CodedError).message).toContain('can be changed by other users (mode 777)');
    expect((error as CodedError).hint).toBe(`If the folder is yours and its files are as you left them, run: chmod 700 "${shared}"`);
    await chmod(shared, 0o755);
    await expect(ensureDataDir(shared)).resolves.toBeUndefined();
  });

  it.runIf(process.platform !== 'win32' && process.getuid?.() === 0)('refuses an existing folder another user owns', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-datadir-'));
    const theirs = path.join(root, 'theirs');
    await mkdir(theirs, { mode: 0o700 });
    await chown(theirs, 65534, 65534);
    const error = await ensureDataDir(theirs).catch((e: unknown) => e);
    expect((error as CodedError).code).toBe('denied');
    expect((error as CodedError).message).toContain('belongs to another user (uid 65534)');
  });

  it('judges owner and mode alone where the platform has them', () => {
    expect(() => assertOwnFolder('/d', { uid: 5, mode: 0o40700 }, 'linux', 6)).toThrow(/another user/);
    expect(() => assertOwnFolder('/d', { uid: 5, mode: 0o40720 }, 'darwin', 5)).toThrow(/mode 720/);
    expect(() => assertOwnFolder('/d', { uid: 5, mode: 0o40755 }, 'linux', 5)).not.toThrow();
    expect(() => assertOwnFolder('/d', { uid: 5, mode: 0o40777 }, 'win32', 6)).not.toThrow();
  });
});
