import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../shared/api';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { appApi, eventually, startServe } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'offline review passphrase' };

/**
 * Security review (MEDIUM): with the app closed, a process adds a backdoor agent; once the app runs,
 * 5,200 admin-log entries pushed it out of the review's window. What waits for review is kept until
 * the person acknowledges it, and the command line's credential cannot write entries that fast.
 */
describe('the review of changes made while the app was closed', () => {
  it('keeps a backdoor agent listed after 5,200 admin-log entries, and paces the command line', async () => {
    const home = await passphraseHome(ENV, 'cs-offline-review-');
    const added = await runCli(home, ['agents', 'add', 'backdoor', '--servers', '*', '--policy', 'read=allow,write=allow,destructive=allow'], { env: ENV });
    expect(added.code, added.stderr).toBe(0);

    const served = await startServe(home, [], ENV);
    try {
      await eventually(() => Promise.resolve(served.stderr().includes('made from the command line or a program while the app was closed') ? true : undefined));
      // The command line's credential, which every process of the user can read from runtime.json.
      const runtime = JSON.parse(await readFile(join(home, 'runtime.json'), 'utf8')) as { secret: string };
      const asCli = appApi(served.origin, runtime.secret);
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 200; i++) statuses.push((await asCli('setBridgePaused', { paused: true })).status);
      // 60 at once, then 2 a second: however slow this machine is today, no more got through.
      const seconds = (Date.now() - started) / 1000;
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60 + Math.ceil(2 * seconds) + 1);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);

      // The person's own interface is not paced: 5,200 entries after the offline change.
      const person: number[] = [];
      for (let i = 0; i < 5200; i += 100) {
        person.push(...(await Promise.all(Array.from({ length: 100 }, async () => (await served.api('setBridgePaused', { paused: true })).status))));
      }
      expect(person.filter((status) => status !== 200)).toEqual([]);

      const waiting = (await served.api('listOfflineChanges', {})).body.result as AdminEntry[];
      const backdoor = waiting.find((e) => e.method === 'addAgent');
      expect(backdoor?.summary).toContain('backdoor');
      // Read after the listing above, which writes out what the log still held in memory.
      // Counted across the log and its rotated files: the window the review once looked through is long past.
      const logs = (await readdir(join(home, 'audit'))).filter((f) => f.startsWith('admin.jsonl'));
      let lines = 0;
      for (const file of logs) lines += (await readFile(join(home, 'audit', file), 'utf8')).trim().split('\n').length;
      expect(lines).toBeGreaterThan(5200);
      // Acknowledged by the person, it is no longer listed.
      await served.api('acknowledgeChanges', { upTo: backdoor?.time ?? 0 });
      expect(((await served.api('listOfflineChanges', {})).body.result as AdminEntry[]).filter((e) => e.method === 'addAgent')).toEqual([]);
    } finally {
      await served.stop();
    }
  }, 120_000);
});
