import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { defaultDataDir, ensureDataDir } from './data-dir';

describe('defaultDataDir', () => {
  it('prefers CONNECTED_SERVICES_HOME on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(defaultDataDir({ env: { CONNECTED_SERVICES_HOME: '/custom' }, platform, homeDir: '/h' })).toBe('/custom');
    }
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
});
