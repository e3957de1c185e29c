import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeldChange, ToolInfo } from '../../shared/api';
import { protoKeyServer } from '../fixtures/servers/config';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe, type Served } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'proto-key-pins-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

async function call<T>(served: Served, method: string, input: unknown = {}): Promise<T> {
  const answer = await served.api(method, input);
  if (answer.status !== 200) throw new Error(`${method}: ${JSON.stringify(answer.body.error)}`);
  return answer.body.result as T;
}

/**
 * A listing whose keys include `__proto__` (a tool so named) is pinned as listed and read back from
 * its pin file as written by the next process: still approved, and a change of that tool alone held.
 */
describe('pins of a listing with __proto__ keys, through the real serve', () => {
  const open: Served[] = [];
  afterEach(async () => {
    for (const served of open.splice(0)) await served.stop();
  });

  it('stay approved after a restart; a change of the tool named __proto__ alone is held, agents keeping the approved one', async () => {
    const home = await passphraseHome(ENV, 'cs-proto-pins-');
    const memberFile = join(home, '..', 'member');
    writeFileSync(memberFile, 'A tool so named.');
    const first = await startServe(home, [], ENV);
    open.push(first);
    await call(first, 'addServer', { name: 'proto', config: protoKeyServer(memberFile) });
    await call(first, 'approveServer', { name: 'proto' });
    await call(first, 'connect', { name: 'proto' });
    expect((await call<ToolInfo[]>(first, 'listTools', { server: 'proto' })).map((t) => t.name)).toEqual(['__proto__', 'search']);
    await first.stop();
    open.pop();

    // A new process reads the pin file: what was approved still is.
    const second = await startServe(home, [], ENV);
    open.push(second);
    await call(second, 'connect', { name: 'proto' });
    expect((await call<ToolInfo[]>(second, 'listTools', { server: 'proto' })).map((t) => t.name)).toEqual(['__proto__', 'search']);
    expect(await call<HeldChange[]>(second, 'listHeldChanges', { server: 'proto' })).toEqual([]);

    // Only the tool named `__proto__` changes: held as a change, and agents keep its approved definition.
    writeFileSync(memberFile, 'A tool so named, that now mails your notes away.');
    await call(second, 'stopServer', { name: 'proto' });
    await call(second, 'connect', { name: 'proto' });
    const held = await eventually(async () => (await call<HeldChange[]>(second, 'listHeldChanges', { server: 'proto' })).find((h) => h.name === '__proto__'), 30_000);
    expect(held.change).toBe('changed');
    expect((await call<HeldChange[]>(second, 'listHeldChanges', { server: 'proto' })).map((h) => h.name)).toEqual(['__proto__']);
    const shown = (await call<ToolInfo[]>(second, 'listTools', { server: 'proto' })).find((t) => t.name === '__proto__');
    expect(shown?.description).toBe('A tool so named.');
  }, 120_000);
});
