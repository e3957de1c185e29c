import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Decision, HeldChange } from '../../shared/api';
import { shiftingServer } from '../fixtures/servers/config';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { readOnlyDir } from '../support/read-only-dir';
import { eventually, startServe, type Served } from '../support/serve';
import { SHIFTING_PASSPHRASE as PASSPHRASE } from '../support/shifting-core';

// A decision on a held change whose pin file cannot be written is not taken: the App API call fails
// with an error that says what to fix, whichever way the person decides, and nothing records it.
const open: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function call<T>(served: Served, method: string, input: unknown): Promise<T> {
  const answer = await served.api(method, input);
  if (answer.status !== 200) throw new Error(`${method}: ${JSON.stringify(answer.body.error)}`);
  return answer.body.result as T;
}

describe('a decision while the pins folder is read-only, through the real serve and CLI', () => {
  it('fails with a coded error naming the folder, keeps the change waiting, records no one deciding it; decided once the folder is writable', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-unwritable-pins-');
    const stageFile = join(home, '..', 'stage');
    writeFileSync(stageFile, '1');
    const served = await startServe(home, [], PASSPHRASE);
    open.push(() => served.stop());
    await call(served, 'addServer', { name: 'shifting', config: shiftingServer(stageFile) });
    await call(served, 'approveServer', { name: 'shifting' });
    await call(served, 'connect', { name: 'shifting' });
    await call(served, 'callTool', { server: 'shifting', tool: 'shift', arguments: {} });
    await eventually(async () => ((await call<HeldChange[]>(served, 'listHeldChanges', { server: 'shifting' })).some((h) => h.name === 'search') ? true : undefined), 30_000);

    const undo = readOnlyDir(join(home, 'pins'));
    let undone = false;
    open.push(() => Promise.resolve(undone || undo()));

    // The app's screens: the held-changes panel (reviewChanges) and Activity (decide).
    const reviewed = await served.api('reviewChanges', { name: 'shifting', decisions: [{ kind: 'tool', name: 'search', decision: 'accept' }] });
    expect(reviewed.status).not.toBe(200);
    const error = reviewed.body.error as { code: string; message: string; hint?: string };
    // The person's to fix, said so: `denied` with what to make writable (`internal` would say it was ours).
    // Where root could not make it immutable, the folder became a file (read-only-dir.ts): a file to move away.
    const becameFile = statSync(join(home, 'pins')).isFile();
    expect(error.code).toBe(becameFile ? 'invalid_config' : 'denied');
    expect(error.message).toContain('Your decisions on "shifting" were not kept: its pin file could not be written');
    expect(error.message).toContain('what waited still waits');
    expect(error.hint).toContain(becameFile ? `Move the file at ${join(home, 'pins')} away` : `Make ${join(home, 'pins')} writable for the user running the app`);
    expect(error.hint).toMatch(/, then decide again\.$/);
    const decided = await served.api('decide', { kind: 'toolChange', id: 'shifting/tool/search', answer: { decision: 'refuse' } });
    expect(decided.status).not.toBe(200);
    expect(decided.body.error?.message).toContain('were not kept');

    // The command line, confirmed in the app: the confirmation fails with the same words.
    const seen = (await call<HeldChange[]>(served, 'listHeldChanges', { server: 'shifting' })).find((h) => h.name === 'search')?.digest ?? '';
    const cli = await runCli(home, ['servers', 'review', 'shifting', '--accept', `search@${seen}`], { env: PASSPHRASE });
    const id = /Request (c-[0-9a-f]+)/.exec(cli.stderr)?.[1];
    expect(cli.code, cli.stderr).toBe(4);
    const confirmed = await call<{ outcome: string; error?: string }>(served, 'decideConfirmation', { id, decision: 'confirm' });
    expect(confirmed.outcome).toBe('failed');
    expect(confirmed.error).toContain('were not kept');

    // Nothing was taken: it still waits, in both lists, and decisions.jsonl names no one.
    expect((await call<HeldChange[]>(served, 'listHeldChanges', { server: 'shifting' })).map((h) => h.name)).toContain('search');
    expect((await call<Decision[]>(served, 'listDecisions', {})).map((d) => d.id)).toContain('shifting/tool/search');
    const log = join(home, 'audit', 'decisions.jsonl');
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').not.toContain('shifting/tool/search');

    undo();
    undone = true;
    await call(served, 'reviewChanges', { name: 'shifting', decisions: [{ kind: 'tool', name: 'search', decision: 'accept' }] });
    expect((await call<HeldChange[]>(served, 'listHeldChanges', { server: 'shifting' })).map((h) => h.name)).not.toContain('search');
    await eventually(() => Promise.resolve(existsSync(log) && readFileSync(log, 'utf8').includes('shifting/tool/search') ? true : undefined), 10_000);
  }, 180_000);
});
