import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describeOwner, LockOwnerSchema, ownerRecord, ownerStatus, readTextFile, systemProbe, writeFileAtomic, type LockOwner, type ProcessProbe } from '../../fs-safe';

/** One file per program running the core in its own process for this folder (docs/library.md). */
export const PROGRAMS_DIR = 'programs';
/** A record is a few hundred bytes; more marks than this are not read at a start. */
const MAX_MARKS = 100;
const MAX_MARK_BYTES = 4096;

/**
 * Marks this process as running the core in its own process for the folder, until the returned
 * function removes the mark: an app started meanwhile names it (its servers run there, not in the app).
 * A mark left by a killed program names a dead process and is removed by the next app that reads it.
 */
export async function markProgram(dataDir: string, probe: ProcessProbe = systemProbe): Promise<() => Promise<void>> {
  const owner = await ownerRecord(probe, new Date());
  const dir = join(dataDir, PROGRAMS_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${String(owner.pid)}-${owner.nonce}.json`);
  await writeFileAtomic(file, JSON.stringify(owner));
  return () => rm(file, { force: true });
}

/** The programs whose marks name a process that still runs; a dead one's mark is removed. */
export async function runningPrograms(dataDir: string, probe: ProcessProbe = systemProbe): Promise<LockOwner[]> {
  const dir = join(dataDir, PROGRAMS_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const running: LockOwner[] = [];
  for (const name of names.filter((n) => /^\d+-[\w-]+\.json$/.test(n)).slice(0, MAX_MARKS)) {
    const file = join(dir, name);
    const parsed = LockOwnerSchema.safeParse(await readTextFile(file, MAX_MARK_BYTES)
        .then((text) => JSON.parse(text) as unknown)
        .catch(() => undefined));
    if (!parsed.success) continue;
    const status = await ownerStatus(parsed.data, probe);
    if (status === 'alive') running.push(parsed.data);
    else if (status === 'dead') await rm(file, { force: true });
  }
  return running;
}

/** What the app says at its start of each program with a core of its own on the folder. */
export function programNote(owner: LockOwner, probe: ProcessProbe = systemProbe): string {
  return (
    `A program runs Connected Services in its own process for this data folder (${describeOwner(owner, probe)}): ` +
    `its servers and its agents' bridge run in that process, not in this app, which neither lists nor stops them; ` +
    `what it changes that widens access is refused until it opens again (close, then openConnectedServices), which goes through this app.`
  );
}
