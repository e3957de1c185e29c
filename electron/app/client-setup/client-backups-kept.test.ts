import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKUP_INDEX_MARK, textHash } from './backup-index';
import { MAX_BACKUPS_KEPT, scrubBackups, writeBackup } from './client-backups';

const TOKEN = 'cs_agent_AbC-123_xyzXYZ0987654321';
const uid = process.getuid?.();

function target(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'cs-kept-')), 'mcp.json');
}

/** The backups beside `file`, oldest first (their names sort by time). */
function backups(file: string): string[] {
  return readdirSync(path.dirname(file))
    .filter((name) => name.startsWith(`${path.basename(file)}.connected-services-backup-`))
    .sort()
    .map((name) => path.join(path.dirname(file), name));
}

describe('the backups kept beside a client file', () => {
  it('are the newest five: older ones are removed as new ones are made', async () => {
    const file = target();
    const made: string[] = [];
    for (let i = 0; i < 8; i += 1) made.push(await writeBackup(file, `{"n": ${i}}`, i * 1000));
    expect(MAX_BACKUPS_KEPT).toBe(5);
    expect(backups(file)).toEqual(made.slice(3));
    expect(readFileSync(made[7] ?? '', 'utf8')).toBe('{"n": 7}');
  });

  it('take no more bytes than allowed, the newest always kept', async () => {
    const file = target();
    for (let i = 0; i < 4; i += 1) await writeBackup(file, 'x'.repeat(400 + i), i * 1000, uid, { count: 5, bytes: 1000 });
    expect(backups(file).map((backup) => readFileSync(backup, 'utf8').length)).toEqual([402, 403]);
    await writeBackup(file, 'y'.repeat(5000), 9000, uid, { count: 5, bytes: 1000 });
    expect(backups(file).map((backup) => readFileSync(backup, 'utf8').length)).toEqual([5000]);
  });

  it('gain none where the newest already holds the text (tokens taken out first)', async () => {
    const file = target();
    const first = await writeBackup(file, `{"t": "${TOKEN}"}`, 0);
    expect(await writeBackup(file, `{"t": "cs_agent_another0123456789"}`, 1000)).toBe(first);
    expect(backups(file)).toEqual([first]);
    // The same text as an older one, but not the newest: a backup of its own.
    await writeBackup(file, '{}', 2000);
    await writeBackup(file, `{"t": "${TOKEN}"}`, 3000);
    expect(backups(file)).toHaveLength(3);
  });

  it('leave alone backups named otherwise (made by hand)', async () => {
    const file = target();
    writeFileSync(`${file}.connected-services-backup-mine`, '{"kept": true}');
    for (let i = 0; i < 7; i += 1) await writeBackup(file, `{"n": ${i}}`, i * 1000);
    expect(backups(file)).toHaveLength(6);
    expect(readFileSync(`${file}.connected-services-backup-mine`, 'utf8')).toBe('{"kept": true}');
  });
});

describe('the list of backups known to hold no token', () => {
  it('spares a disconnect reading the backups this app wrote', async () => {
    const file = target();
    for (let i = 0; i < 3; i += 1) await writeBackup(file, `{"n": ${i}, "t": "${TOKEN}"}`, i * 1000);
    expect(await scrubBackups(file)).toEqual({ read: 0, rewritten: 0 });
    const list = JSON.parse(readFileSync(`${file}${BACKUP_INDEX_MARK}`, 'utf8')) as { backups: { name: string; sha256: string }[] };
    expect(list.backups.map((entry) => entry.name)).toEqual(backups(file).map((backup) => path.basename(backup)));
    expect(list.backups[0]?.sha256).toBe(textHash(readFileSync(backups(file)[0] ?? '', 'utf8')));
  });

  it('is made again from the files when missing or damaged, and a changed backup is read again', async () => {
    const file = target();
    for (let i = 0; i < 3; i += 1) await writeBackup(file, `{"n": ${i}}`, i * 1000);
    rmSync(`${file}${BACKUP_INDEX_MARK}`);
    expect(await scrubBackups(file)).toEqual({ read: 3, rewritten: 0 });
    expect(await scrubBackups(file)).toEqual({ read: 0, rewritten: 0 });
    writeFileSync(`${file}${BACKUP_INDEX_MARK}`, '{"version": 1, "backups": [{"name": "cut sh');
    expect(await scrubBackups(file)).toEqual({ read: 3, rewritten: 0 });
    // A token put in by hand: that backup alone is read, and the token taken out.
    const [oldest] = backups(file);
    appendFileSync(oldest ?? '', TOKEN);
    expect(await scrubBackups(file)).toEqual({ read: 1, rewritten: 1 });
    expect(readFileSync(oldest ?? '', 'utf8')).not.toContain(TOKEN);
    expect(await scrubBackups(file)).toEqual({ read: 0, rewritten: 0 });
  });

  it('does not let a changed newest backup stand for the next one', async () => {
    const file = target();
    const first = await writeBackup(file, '{"a": 1}', 0);
    writeFileSync(first, '{"a": 2}');
    // The list still says the newest holds {"a": 1}: the file says otherwise, and is believed.
    const second = await writeBackup(file, '{"a": 1}', 1000);
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toBe('{"a": 1}');
  });
});
