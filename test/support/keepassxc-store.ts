import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real KeePassXC database for tests, made and filled with keepassxc-cli in a temp folder. */
export interface KeepassxcFixture {
  database: string;
  password: string;
  /** Adds an entry (its groups made first) with this password. */
  add(path: string, value: string): void;
  /** Deletes an entry as KeePassXC does: into the Recycle Bin. */
  remove(path: string): void;
}

export function assertKeepassxcInstalled(): void {
  try {
    execFileSync('keepassxc-cli', ['--version'], { stdio: 'ignore', env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' } });
  } catch {
    throw new Error('The KeePassXC store tests need keepassxc-cli (Debian package keepassxc). Run `npm run test:setup`.');
  }
}

export function makeKeepassxcDatabase(password = 'kdbx test password'): KeepassxcFixture {
  assertKeepassxcInstalled();
  const database = join(mkdtempSync(join(tmpdir(), 'cs-kdbx-')), 'secrets.kdbx');
  const cli = (args: string[], input: string): void =>
    void execFileSync('keepassxc-cli', args, { input, stdio: ['pipe', 'ignore', 'pipe'], timeout: 30_000, env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' } });
  cli(['db-create', '--set-password', database], `${password}\n${password}\n`);
  const groups = new Set<string>();
  return {
    database,
    password,
    add: (path, value) => {
      const parts = path.split('/').slice(0, -1);
      for (let i = 1; i <= parts.length; i++) {
        const group = parts.slice(0, i).join('/');
        if (groups.has(group)) continue;
        cli(['mkdir', '--quiet', database, group], `${password}\n`);
        groups.add(group);
      }
      cli(['add', '--quiet', '--password-prompt', database, path], `${password}\n${value}\n${value}\n`);
    },
    remove: (path) => cli(['rm', '--quiet', database, path], `${password}\n`),
  };
}
