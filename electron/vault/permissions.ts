import { chmod, mkdir, stat } from 'node:fs/promises';
import { CodedError } from '../../shared/errors';

/** Any group or other permission bit makes the vault's file or folder unsafe. */
const SHARED_BITS = 0o077;

export const UNSAFE_PERMISSIONS = 'unsafe-permissions';

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

function quote(file: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`;
}

/** Mode bits mean nothing on Windows (ACLs decide there); elsewhere they are enforced. */
function enforced(platform: NodeJS.Platform): boolean {
  return platform !== 'win32';
}

export function assertPrivateFile(file: string, mode: number, platform: NodeJS.Platform): void {
  if (!enforced(platform) || (mode & SHARED_BITS) === 0) return;
  throw new CodedError(
    'denied',
    `The vault file ${file} can be read or changed by other users (mode ${octal(mode)}); refusing to use it.`,
    { hint: `Run: chmod 600 ${quote(file)}`, data: { file, mode: octal(mode), reason: UNSAFE_PERMISSIONS } },
  );
}

export function assertPrivateDir(dir: string, mode: number, platform: NodeJS.Platform): void {
  if (!enforced(platform) || (mode & SHARED_BITS) === 0) return;
  throw new CodedError(
    'denied',
    `The vault folder ${dir} can be read or entered by other users (mode ${octal(mode)}); refusing to use it.`,
    { hint: `Run: chmod 700 ${quote(dir)}`, data: { file: dir, mode: octal(mode), reason: UNSAFE_PERMISSIONS } },
  );
}

/** Checks the folder if it exists; resolves false when it does not. */
export async function checkDir(dir: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    const info = await stat(dir);
    assertPrivateDir(dir, info.mode, platform);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Creates the folder 0700 if missing (an existing one must already be private). */
export async function ensurePrivateDir(dir: string, platform: NodeJS.Platform): Promise<void> {
  if (await checkDir(dir, platform)) return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (enforced(platform)) await chmod(dir, 0o700);
}
