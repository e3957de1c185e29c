import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../electron/mcp-apps';
import { shiftingServer } from '../fixtures/servers/config';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { passphraseHome } from '../support/passphrase-home';
import { waitFor } from '../support/server-harness';

// Issue #35 item 3 with #36: a tool's MCP App (`_meta.ui`) is pinned like its description.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };
const open: Array<Core | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

describe('a changed MCP App of a pinned tool', () => {
  it('is held for review: hosts keep the approved address and visibility until the person accepts', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-pins-apps-');
    const stageFile = join(home, '..', 'stage');
    writeFileSync(stageFile, '1');
    const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase', bridge: { port: 0, required: true } });
    open.push(core);
    await core.api.addServer({ name: 'shifting', config: shiftingServer(stageFile, { env: { SHIFT_FILE: stageFile, SHIFT_APPS: '1' } }) });
    await core.api.approveServer({ name: 'shifting' });
    await core.api.connect({ name: 'shifting' });
    const { token } = await core.api.addAgent({ name: 'host', servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    if (!core.bridge) throw new Error('the core runs no bridge');
    const withApps = await connectAgent(core.bridge.url, token, 'host', { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } });
    open.push(withApps);
    const plain = await connectAgent(core.bridge.url, token, 'plain');
    open.push(plain);
    const metaOf = async (name: string): Promise<unknown> => (await withApps.client.listTools()).tools.find((t) => t.name === `shifting__${name}`)?._meta;
    const plainNames = async (): Promise<string[]> => (await plain.client.listTools()).tools.map((t) => t.name);
    expect(await metaOf('view')).toMatchObject({ ui: { resourceUri: 'ui://shifting/notes/view.html' } });
    expect(await plainNames()).not.toContain('shifting__poll');

    // Stage 2 changes only the apps of `view` (another resource) and `poll` (now visible to models).
    await core.pool.callTool('shifting', 'shift', {});
    await waitFor('the changed apps held', async () => ((await core.api.listHeldChanges({ server: 'shifting' })).filter((h) => h.kind === 'tool').length >= 3 ? true : undefined));
    const held = (await core.api.listHeldChanges({ server: 'shifting' })).filter((h) => h.name === 'view' || h.name === 'poll');
    expect(held.map((h) => `${h.name} ${h.change}`).sort()).toEqual(['poll changed', 'view changed']);
    const view = held.find((h) => h.name === 'view');
    expect(view?.description.every((w) => w.op === 'same')).toBe(true);
    expect(view?.schema).toEqual([expect.objectContaining({ part: 'app', change: 'changed' })]);
    expect(view?.schema?.[0]?.before).toContain('ui://notes/view.html');
    expect(view?.schema?.[0]?.after).toContain('ui://notes/elsewhere.html');
    expect(held.find((h) => h.name === 'poll')?.schema).toEqual([expect.objectContaining({ part: 'app', change: 'changed' })]);

    // Held: the host still gets the approved address, and the app-only tool stays away from the plain host.
    expect(await metaOf('view')).toMatchObject({ ui: { resourceUri: 'ui://shifting/notes/view.html' } });
    expect(await plainNames()).not.toContain('shifting__poll');

    await core.api.reviewChanges({ name: 'shifting', decisions: [{ kind: 'tool', name: 'view', decision: 'accept' }, { kind: 'tool', name: 'poll', decision: 'accept' }] });
    await waitFor('the accepted app reaches hosts', async () => (JSON.stringify(await metaOf('view')).includes('elsewhere') ? true : undefined));
    expect(await metaOf('view')).toMatchObject({ ui: { resourceUri: 'ui://shifting/notes/elsewhere.html' } });
    expect(await plainNames()).toContain('shifting__poll');
  }, 120_000);
});
