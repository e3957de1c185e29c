import { appendFileSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeldChange, ToolInfo } from '../../shared/api';
import { MAX_PIN_FILE_BYTES } from '../../electron/pinning/pin-file';
import { runCli } from '../support/cli';
import { startServe, type Served } from '../support/serve';
import { SHIFTING_PASSPHRASE as PASSPHRASE, shiftingHome } from '../support/shifting-core';

// A server able to make its own pin file unreadable must not get its next listing approved whole.
const open: Served[] = [];
afterEach(async () => {
  for (const served of open.splice(0)) await served.stop();
});

/** `shifting` approved and listed at its first stage, its pins written; then moved to its second. */
async function pinnedThenShifted(): Promise<{ home: string; pinFile: string }> {
  const { home, stageFile } = await shiftingHome('cs-lost-pins-', async (core) => {
    expect((await core.pool.tools('shifting')).map((t) => t.name)).toContain('search');
  });
  writeFileSync(stageFile, '2');
  return { home, pinFile: join(home, 'pins', 'shifting.json') };
}

/** Still valid JSON, only past the bound the pin file is read with. */
function pastTheBound(pinFile: string): void {
  appendFileSync(pinFile, Buffer.alloc(MAX_PIN_FILE_BYTES, 0x20));
  expect(statSync(pinFile).size).toBeGreaterThan(MAX_PIN_FILE_BYTES);
}

describe('a pin file that cannot be read, through the real serve and CLI', () => {
  it('serve holds the changed tool (and every other) for the person instead of pinning the listing afresh', async () => {
    const { home, pinFile } = await pinnedThenShifted();
    pastTheBound(pinFile);

    const served = await startServe(home, [], PASSPHRASE);
    open.push(served);
    expect((await served.api('connect', { name: 'shifting' })).status).toBe(200);
    const listed = await served.api('listTools', { server: 'shifting' });
    expect(listed.status).toBe(200);
    const tools = listed.body.result as ToolInfo[];
    expect(tools.map((t) => t.description ?? '').join('\n')).not.toContain('evil');
    expect(tools).toEqual([]);
    expect(served.stderr()).toContain('[shifting] its pinned tools could not be read (too large): nothing it lists reaches agents until you review it');

    const held = (await served.api('listHeldChanges', { server: 'shifting' })).body.result as HeldChange[];
    expect(held.map((h) => `${h.kind} ${h.name}`)).toEqual(expect.arrayContaining(['tool search', 'tool upload', 'prompt farewell']));
    await served.stop();

    // Written anew, compact and readable: the CLI with no app open shows the same decision waiting.
    expect(statSync(pinFile).size).toBeLessThan(1024 * 1024);
    expect(readFileSync(pinFile, 'utf8')).not.toContain('\n  ');
    const review = await runCli(home, ['servers', 'review', 'shifting'], { env: PASSPHRASE });
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout).toContain('tool search (new');
  }, 120_000);

  it('the CLI with no app open follows the same rule when it lists the server itself', async () => {
    const { home, pinFile } = await pinnedThenShifted();
    writeFileSync(pinFile, '{"version":1,');
    // No listing of it kept either: nothing is held until its next one.
    rmSync(join(home, 'cache', 'inventory', 'shifting.json'));

    // Before that listing: not "nothing waits", but the file, why, and what to do.
    const unread = await runCli(home, ['servers', 'review', 'shifting'], { env: PASSPHRASE });
    expect(unread.code, unread.stdout).not.toBe(0);
    expect(unread.stdout).not.toContain('Nothing of shifting waits');
    expect(unread.stderr).toContain('The pinned tools of "shifting" could not be read (not valid JSON');
    expect(unread.stderr).toContain(pinFile);
    expect(unread.stderr).toContain('Nothing shifting lists reaches agents until you review it.');
    expect(unread.stderr).toContain('connected-services tools shifting');

    const listed = await runCli(home, ['tools', 'shifting', '--json'], { env: PASSPHRASE });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).not.toContain('evil');
    expect(JSON.parse(listed.stdout)).toEqual([]);
    const review = await runCli(home, ['servers', 'review', 'shifting', '--json'], { env: PASSPHRASE });
    expect(review.code, review.stderr).toBe(0);
    expect((JSON.parse(review.stdout) as HeldChange[]).map((h) => h.name)).toContain('search');
  }, 120_000);
});
