import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readShellSettings, SHELL_SETTINGS_FILE, writeShellSettings } from './settings-file';

const dir = () => mkdtempSync(path.join(tmpdir(), 'cs-shell-settings-'));

describe('shell settings file', () => {
  it('defaults to not starting at login when there is no file', async () => {
    expect(await readShellSettings(dir())).toEqual({ openAtLogin: false });
  });

  it('writes owner-only and reads back', async () => {
    const d = dir();
    await writeShellSettings(d, { openAtLogin: true });
    expect(await readShellSettings(d)).toEqual({ openAtLogin: true });
    const file = path.join(d, SHELL_SETTINGS_FILE);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ openAtLogin: true });
  });

  it('falls back to the defaults for a corrupt or odd file', async () => {
    const d = dir();
    writeFileSync(path.join(d, SHELL_SETTINGS_FILE), '{not json');
    expect(await readShellSettings(d)).toEqual({ openAtLogin: false });
    writeFileSync(path.join(d, SHELL_SETTINGS_FILE), JSON.stringify({ openAtLogin: 'yes', future: 1 }));
    expect(await readShellSettings(d)).toEqual({ openAtLogin: false });
    writeFileSync(path.join(d, SHELL_SETTINGS_FILE), '[]');
    expect(await readShellSettings(d)).toEqual({ openAtLogin: false });
  });
});

describe('the memory limit of open apps', () => {
  it('is read when within its bounds, kept when the login preference is written, and ignored otherwise', async () => {
    const d = dir();
    writeFileSync(path.join(d, SHELL_SETTINGS_FILE), JSON.stringify({ openAtLogin: false, appMemoryLimitMb: 1024 }));
    const read = await readShellSettings(d);
    expect(read).toEqual({ openAtLogin: false, appMemoryLimitMb: 1024 });
    await writeShellSettings(d, { ...read, openAtLogin: true });
    expect(await readShellSettings(d)).toEqual({ openAtLogin: true, appMemoryLimitMb: 1024 });
    for (const odd of [16, 1_000_000, 512.5, '512']) {
      writeFileSync(path.join(d, SHELL_SETTINGS_FILE), JSON.stringify({ openAtLogin: true, appMemoryLimitMb: odd }));
      expect(await readShellSettings(d)).toEqual({ openAtLogin: true });
    }
  });
});
