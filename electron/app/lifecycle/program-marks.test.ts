import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownerRecord, systemProbe } from '../../fs-safe';
import { markProgram, PROGRAMS_DIR, programNote, runningPrograms } from './program-marks';

describe('the marks of programs running the core in their own process', () => {
  it("names a live program's mark, removes a dead one's, and skips a file that is not a mark", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-program-marks-'));
    const unmark = await markProgram(dataDir);
    const [mark] = readdirSync(join(dataDir, PROGRAMS_DIR));
    expect(mark).toMatch(new RegExp(`^${String(process.pid)}-`));
    // Seen from another process (an app), this one runs.
    const other = { ...systemProbe, pid: process.pid + 1 };
    expect((await runningPrograms(dataDir, other)).map((owner) => owner.pid)).toEqual([process.pid]);
    await unmark();
    expect(readdirSync(join(dataDir, PROGRAMS_DIR))).toEqual([]);

    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const dead = { ...(await ownerRecord(systemProbe, new Date())), pid: Number(ended.stdout) };
    const deadFile = join(dataDir, PROGRAMS_DIR, `${String(dead.pid)}-${dead.nonce}.json`);
    writeFileSync(deadFile, JSON.stringify(dead));
    writeFileSync(join(dataDir, PROGRAMS_DIR, '1-broken.json'), 'not json');
    expect(await runningPrograms(dataDir, other)).toEqual([]);
    expect(existsSync(deadFile)).toBe(false);
  });

  it('says which pid, where its servers run, and how it comes to go through the app', async () => {
    const owner = { ...(await ownerRecord(systemProbe, new Date('2026-01-01T00:00:00.000Z'))), pid: 4242 };
    expect(programNote(owner)).toBe(
      'A program runs Connected Services in its own process for this data folder (pid 4242, since 2026-01-01T00:00:00.000Z): ' +
        "its servers and its agents' bridge run in that process, not in this app, which neither lists nor stops them; " +
        'what it changes that widens access is refused until it opens again (close, then openConnectedServices), which goes through this app.',
    );
  });
});
