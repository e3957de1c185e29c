import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { isCodedError } from '../../shared/errors';
import { flippingServer } from '../fixtures/servers/config';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { passphraseHome } from '../support/passphrase-home';
import { waitFor } from '../support/server-harness';

// A tool that leaves the listing and comes back changed is a change, never a new tool.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };
const open: Array<Core | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function coreWithFlipping(stage: string, acceptNewTools: boolean): Promise<Core> {
  const home = await passphraseHome(PASSPHRASE, 'cs-pins-return-');
  const flipFile = join(home, '..', 'stage');
  writeFileSync(flipFile, stage);
  const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase', bridge: { port: 0, required: true } });
  open.push(core);
  await core.api.addServer({ name: 'flipping', config: flippingServer(flipFile, { pinning: { acceptNewTools } }) });
  await core.api.approveServer({ name: 'flipping' });
  await core.api.connect({ name: 'flipping' });
  await core.pool.tools('flipping');
  return core;
}

/** The stage moved by the server's own `flip` tool (it says list_changed), until the pins reviewed a listing of it. */
async function flip(core: Core, stage: string, settled: () => Promise<boolean>): Promise<void> {
  await core.pool.callTool('flipping', 'flip', { stage });
  await waitFor(`the listing at stage ${stage} reviewed`, async () => (await settled()) || undefined, 60_000);
}

describe('a pinned tool that leaves the listing and comes back', () => {
  it('comes back changed: held as a change against the approved one, even under acceptNewTools; agents never see it', async () => {
    const core = await coreWithFlipping('approved', true);
    const { token } = await core.api.addAgent({ name: 'coder', servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    if (!core.bridge) throw new Error('the core runs no bridge');
    const agent = await connectAgent(core.bridge.url, token);
    open.push(agent);
    const seen = async (): Promise<Record<string, string>> => {
      const { tools } = await agent.client.listTools();
      return Object.fromEntries(tools.filter((t) => t.name.startsWith('flipping__')).map((t) => [t.name.slice('flipping__'.length), t.description ?? '']));
    };
    expect((await seen())['read_notes']).toBe('[flipping] Reads notes.');

    await flip(core, 'gone', async () => (await seen())['read_notes'] === undefined);
    // Back changed: either held (as it should be) or, were it taken for new, shown to agents.
    await flip(core, 'changed', async () => (await core.api.listHeldChanges({ server: 'flipping' })).length > 0 || (await seen())['read_notes']?.includes('IMPORTANT') === true);
    const held = await core.api.listHeldChanges({ server: 'flipping' });
    expect(held.map((h) => `${h.kind} ${h.name} ${h.change}`)).toEqual(['tool read_notes changed']);
    expect(held[0]?.description.filter((w) => w.op === 'added').map((w) => w.text).join('')).toContain('IMPORTANT');
    const now = await seen();
    expect(now['read_notes']).toBe('[flipping] Reads notes.');
    expect(JSON.stringify(now)).not.toContain('IMPORTANT');

    // Back as approved: nothing waits, the approved definition stays.
    await flip(core, 'approved', async () => (await core.api.listHeldChanges({ server: 'flipping' })).length === 0);
    expect((await seen())['read_notes']).toBe('[flipping] Reads notes.');
  }, 180_000);

  it("refuses the person's own call of a tool that waits for review, saying where to review it", async () => {
    const core = await coreWithFlipping('gone', false);
    await flip(core, 'approved', async () => (await core.api.listHeldChanges({ server: 'flipping' })).length > 0);
    const refusal = await core.api.callTool({ server: 'flipping', tool: 'read_notes', arguments: {} }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isCodedError(refusal) ? { code: refusal.code, message: refusal.message } : refusal).toEqual({ code: 'denied', message: expect.stringContaining('waits for your review') as unknown });
    expect(isCodedError(refusal) ? refusal.hint : undefined).toContain('connected-services servers review flipping');
    // Approved tools still run.
    expect(JSON.stringify(await core.api.callTool({ server: 'flipping', tool: 'ping', arguments: {} }))).toContain('ping ran');
    await core.api.reviewChanges({ name: 'flipping', decisions: [{ kind: 'tool', name: 'read_notes', decision: 'accept' }] });
    expect(JSON.stringify(await core.api.callTool({ server: 'flipping', tool: 'read_notes', arguments: {} }))).toContain('read_notes ran');
  }, 180_000);
});
