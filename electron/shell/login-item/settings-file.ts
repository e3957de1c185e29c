import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readTextFile } from '../../fs-safe';

/** The desktop app's own preferences, beside mcp.json in the data folder. */
export const SHELL_SETTINGS_FILE = 'desktop-settings.json';

const ShellSettingsSchema = z.looseObject({
  openAtLogin: z.boolean().catch(false),
  // The memory an open MCP App's renderer may use before the app is closed (app-memory.ts); out of bounds is the default.
  appMemoryLimitMb: z.number().int().min(128).max(16384).optional().catch(undefined),
});
export type ShellSettings = { openAtLogin: boolean; appMemoryLimitMb?: number };

export const DEFAULT_SHELL_SETTINGS: ShellSettings = { openAtLogin: false };

export interface SettingsFs {
  readFile(file: string, encoding: 'utf8'): Promise<string>;
  writeFile(file: string, data: string, options: { mode: number }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
}

// A few lines as written: a FIFO or a big file in its place gives the defaults, never a wait.
const nodeFs: SettingsFs = { readFile: (file) => readTextFile(file, 64 * 1024), writeFile, rename };

/** The settings, or the defaults when the file is missing or unreadable (a preference is never worth failing for). */
export async function readShellSettings(dataDir: string, fs: SettingsFs = nodeFs): Promise<ShellSettings> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(dataDir, SHELL_SETTINGS_FILE), 'utf8'));
  } catch {
    return { ...DEFAULT_SHELL_SETTINGS };
  }
  const parsed = ShellSettingsSchema.safeParse(raw);
  if (!parsed.success) return { ...DEFAULT_SHELL_SETTINGS };
  const { openAtLogin, appMemoryLimitMb } = parsed.data;
  return { openAtLogin, ...(appMemoryLimitMb === undefined ? {} : { appMemoryLimitMb }) };
}

/** Written whole (temp file, then rename), owner-only like everything in the data folder. */
export async function writeShellSettings(dataDir: string, settings: ShellSettings, fs: SettingsFs = nodeFs): Promise<void> {
  const file = path.join(dataDir, SHELL_SETTINGS_FILE);
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify({ openAtLogin: settings.openAtLogin, ...(settings.appMemoryLimitMb === undefined ? {} : { appMemoryLimitMb: settings.appMemoryLimitMb }) }, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temp, file);
}
