import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeldChange, RefusedItem } from '../../shared/api';
import { shiftingServer } from '../fixtures/servers/config';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { confirmAsPerson, eventually, startServe, type Served } from '../support/serve';
import { SHIFTING_PASSPHRASE as PASSPHRASE } from '../support/shifting-core';

// A resource the person refused stays refused, also once the server stops listing it, and is theirs
// to see and reconsider: through the real serve and the CLI that goes through its App API.
const open: Served[] = [];
afterEach(async () => {
  for (const served of open.splice(0)) await served.stop();
});

type Listed = { resources: Array<{ uri: string }> };
const uris = async (served: Served): Promise<string[]> => (await call<Listed>(served, 'listResources', { server: 'shifting' })).resources.map((r) => r.uri);

async function call<T>(served: Served, method: string, input: unknown): Promise<T> {
  const answer = await served.api(method, input);
  if (answer.status !== 200) throw new Error(`${method}: ${JSON.stringify(answer.body.error)}`);
  return answer.body.result as T;
}

const refusedNow = async (served: Served): Promise<RefusedItem[]> => call<RefusedItem[]>(served, 'listRefused', { server: 'shifting' });

describe('a refused resource, through the real serve and CLI', () => {
  it('is shown refused, then as no longer listed, stays refused; listed again unchanged it is still refused; accepted after all, or forgotten', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-refused-');
    const stageFile = join(home, '..', 'stage');
    writeFileSync(stageFile, '1');
    const served = await startServe(home, [], PASSPHRASE);
    open.push(served);
    await call(served, 'addServer', { name: 'shifting', config: shiftingServer(stageFile, { env: { SHIFT_FILE: stageFile, SHIFT_RESOURCES: '1' } }) });
    await call(served, 'approveServer', { name: 'shifting' });
    await call(served, 'connect', { name: 'shifting' });
    expect(await uris(served)).toEqual(['notes://readme']);
    await call(served, 'callTool', { server: 'shifting', tool: 'shift', arguments: {} });
    await eventually(async () => ((await call<HeldChange[]>(served, 'listHeldChanges', { server: 'shifting' })).some((h) => h.name === 'notes://keys') ? true : undefined), 30_000);

    const refuse = await runCli(home, ['servers', 'review', 'shifting', '--refuse', 'notes://keys', 'notes://note/secret'], { env: PASSPHRASE });
    expect(refuse.code, refuse.stderr).toBe(0);
    expect(refuse.stdout).toContain('Refused resource notes://keys, resource notes://note/secret.');
    const shown = await runCli(home, ['servers', 'review', 'shifting'], { env: PASSPHRASE });
    expect(shown.stdout).toContain('Refused (never shown to agents):');
    expect(shown.stdout).toMatch(/resource notes:\/\/keys \(refused \S+, still listed, digest [0-9a-f]{16}\)/);
    expect(shown.stdout).toContain('description: Every key on this machine.');

    // The server stops listing them: still refused (fail closed), shown as gone.
    writeFileSync(stageFile, '1');
    await call(served, 'restartServer', { name: 'shifting' });
    await uris(served);
    await eventually(async () => ((await refusedNow(served)).every((r) => !r.listed) ? true : undefined), 30_000);
    const gone = await runCli(home, ['servers', 'review', 'shifting', '--refused'], { env: PASSPHRASE });
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stdout).toMatch(/resource notes:\/\/keys \(refused \S+, no longer listed by the server since \S+, digest [0-9a-f]{16}\)/);

    // Listed again unchanged: still refused, nothing waits.
    writeFileSync(stageFile, '2');
    await call(served, 'restartServer', { name: 'shifting' });
    await uris(served);
    await eventually(async () => ((await refusedNow(served)).every((r) => r.listed) ? true : undefined), 30_000);
    expect((await call<HeldChange[]>(served, 'listHeldChanges', { server: 'shifting' })).map((h) => h.name)).not.toContain('notes://keys');
    expect(await uris(served)).not.toContain('notes://keys');

    // Accepted after all (as refused), and the other forgotten: listed, it waits for review again.
    // Both widen what agents may reach: from the command line while the app runs, the person confirms.
    const keys = (await refusedNow(served)).find((r) => r.name === 'notes://keys')?.digest?.slice(0, 16) ?? '';
    await confirmAsPerson(served, await runCli(home, ['servers', 'review', 'shifting', '--accept', `notes://keys@${keys}`, '--forget', 'notes://note/secret'], { env: PASSPHRASE }));
    expect(await refusedNow(served)).toEqual([]);
    await eventually(async () => ((await uris(served)).includes('notes://keys') ? true : undefined), 30_000);
    await eventually(async () => ((await call<HeldChange[]>(served, 'listHeldChanges', { server: 'shifting' })).some((h) => h.name === 'notes://note/secret') ? true : undefined), 30_000);
  }, 180_000);
});
