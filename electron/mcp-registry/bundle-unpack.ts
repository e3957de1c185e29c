import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Yauzl from 'yauzl';
import type { ZipFile } from 'yauzl';
import { CodedError, errorMessage } from '../../shared/errors';
import { caseTwins } from './case-twins';
import { unportableReason } from './portable-file-name';

/** Zip-bomb bounds: files in a bundle, and their size once unpacked, declared and as actually read. */
export const MAX_BUNDLE_ENTRIES = 10_000;
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function refuse(why: string): never {
  throw new CodedError('invalid_input', `The bundle was refused: ${why}. Nothing of it was kept.`);
}

/** Where an entry goes, or a refusal when its name leaves the folder (zip slip), is not a plain relative path or is not portable. */
function placeOf(root: string, name: string): string {
  if (name.includes('\\') || name.includes('\0') || path.posix.isAbsolute(name) || /^[A-Za-z]:/.test(name)) refuse(`it holds a file named ${JSON.stringify(name.slice(0, 200))}`);
  // Refused on every system: unpacked here, such a name would be lost or changed when the data folder moves to Windows.
  const unportable = unportableReason(name);
  if (unportable !== undefined) refuse(`its file ${JSON.stringify(name.slice(0, 200))} has ${unportable}, so it would not unpack the same on every system; ask the bundle's maker for a bundle with portable file names`);
  const target = path.resolve(root, name);
  if (target !== root && !target.startsWith(root + path.sep)) refuse(`its file ${JSON.stringify(name.slice(0, 200))} would land outside its folder`);
  return target;
}

/** yauzl (CommonJS, with packages of its own) loads with the first bundle unpacked, not with every command and `serve`. */
const loadYauzl = async (): Promise<typeof Yauzl> => (await import('yauzl')).default;

async function openZip(bytes: Buffer): Promise<ZipFile> {
  const yauzl = await loadYauzl();
  try {
    // strictFileNames: a backslash is refused rather than read as a folder separator.
    return await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    return refuse(`it is not a zip file (${errorMessage(error)})`);
  }
}

async function extractInto(zip: ZipFile, root: string, limits: { entries: number; bytes: number }): Promise<void> {
  if (zip.entryCount > limits.entries) refuse(`it holds ${zip.entryCount} files, more than ${limits.entries}`);
  let total = 0;
  const twinOf = caseTwins();
  try {
    for await (const entry of zip.eachEntry()) {
      const mode = (entry.externalFileAttributes >>> 16) & 0o177777;
      if ((mode & S_IFMT) === S_IFLNK) refuse(`it holds a symbolic link (${JSON.stringify(entry.fileName.slice(0, 200))})`);
      const target = placeOf(root, entry.fileName);
      const twin = twinOf(entry.fileName);
      if (twin !== undefined) refuse(`its paths ${JSON.stringify(twin.earlier.slice(0, 200))} and ${JSON.stringify(twin.later.slice(0, 200))} differ only in case or in how an accent is written, which Windows and macOS take as one name; ask the bundle's maker for a bundle with portable file names`);
      if (entry.fileName.endsWith('/')) {
        await mkdir(target, { recursive: true, mode: 0o700 });
        continue;
      }
      total += entry.uncompressedSize;
      if (total > limits.bytes) refuse(`it unpacks to more than ${limits.bytes / (1024 * 1024)} MiB`);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const stream = await zip.openReadStreamPromise(entry);
      // Counted as read too: yauzl checks the declared size, this bounds what a lying header could add.
      let read = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          read += chunk.length;
          if (read > entry.uncompressedSize) done(new Error('an entry is larger than it says'));
          else done(null, chunk);
        },
      });
      // Executable bits kept (a bundled binary), nothing for group or others.
      await pipeline(stream, counter, createWriteStream(target, { flags: 'wx', mode: (mode & 0o100) !== 0 ? 0o700 : 0o600 }));
    }
  } catch (error) {
    if (error instanceof CodedError) throw error;
    refuse(errorMessage(error));
  } finally {
    zip.close();
  }
}

/** What unpackBundle did: moved a fresh folder into place, found the folder already there, or only checked. */
export type UnpackOutcome = 'unpacked' | 'reused' | 'checked';

/** The folder at `target`, when one is there already; anything else there is refused, never replaced. */
async function existingFolder(target: string): Promise<boolean> {
  try {
    if ((await lstat(target)).isDirectory()) return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  return refuse(`${target} is there already and is not a folder`);
}

/**
 * An .mcpb (a zip with manifest.json at its root, MCPB spec) unpacked into `target`: first into a
 * fresh folder beside it, then moved into place, so a refused bundle leaves nothing behind and a
 * half-unpacked one is never run. `check` reads the unpacked files before the move (the manifest): its
 * refusal too leaves nothing. The bytes must already be verified (bundle-download.ts).
 * A folder already at `target` is kept as it is, never removed or replaced: a configured server may
 * run from it, and `target` names the full hash of the bytes it was unpacked from. With `dryRun` the
 * bundle is unpacked and checked only, and nothing is kept.
 */
export async function unpackBundle(
  bytes: Buffer,
  target: string,
  limits = { entries: MAX_BUNDLE_ENTRIES, bytes: MAX_UNPACKED_BYTES },
  check?: (staging: string) => Promise<void>,
  dryRun = false,
): Promise<UnpackOutcome> {
  const staging = `${target}.unpacking-${randomBytes(6).toString('hex')}`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  let kept = false;
  try {
    await extractInto(await openZip(bytes), path.resolve(staging), limits);
    await check?.(staging);
    if (dryRun) return 'checked';
    if (await existingFolder(target)) return 'reused';
    try {
      await rename(staging, target);
    } catch (error) {
      // Another install of the same bytes moved its folder into place first.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') return 'reused';
      throw error;
    }
    kept = true;
    return 'unpacked';
  } finally {
    if (!kept) await rm(staging, { recursive: true, force: true });
  }
}
