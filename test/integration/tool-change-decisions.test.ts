import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DecisionRecordSchema, type ApiEventPayload, type DecisionRecord } from '../../shared/api';
import { createCore, type Core } from '../../electron/app';
import { shiftingServer } from '../fixtures/servers/config';
import { passphraseHome } from '../support/passphrase-home';
import { waitFor } from '../support/server-harness';

// Issue #31: held tool changes are decisions like the others (one list, one pair of methods, one audit shape).
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };
const open: Core[] = [];

afterEach(async () => {
  for (const core of open.splice(0).reverse()) await core.close();
});

async function openCore(dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase', bridge: { port: 0, required: true } });
  open.push(core);
  return core;
}

function records(home: string): DecisionRecord[] {
  const file = join(home, 'audit', 'decisions.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => DecisionRecordSchema.parse(JSON.parse(l)));
}

const toolChanges = async (core: Core): Promise<string[]> =>
  (await core.api.listDecisions({})).flatMap((d) => (d.kind === 'toolChange' ? [d.id] : [])).sort();

describe('held tool changes in the decisions queue', () => {
  it('lists each held tool and prompt as a decision, decides them by decide or by reviewChanges, and records each in decisions.jsonl', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-held-decisions-');
    const stageFile = join(home, '..', 'stage');
    writeFileSync(stageFile, '1');
    let core = await openCore(home);
    const added: Array<ApiEventPayload<'decisionAdded'>> = [];
    core.api.on('decisionAdded', (d) => added.push(d));
    await core.api.addServer({ name: 'shifting', config: shiftingServer(stageFile) });
    await core.api.approveServer({ name: 'shifting' });
    await core.api.connect({ name: 'shifting' });
    await core.api.listTools({ server: 'shifting' });
    expect(await toolChanges(core)).toEqual([]);

    await core.pool.callTool('shifting', 'shift', {});
    await waitFor('four held changes listed as decisions', async () => ((await toolChanges(core)).length === 4 ? true : undefined));
    expect(await toolChanges(core)).toEqual(['shifting/prompt/farewell', 'shifting/prompt/greet', 'shifting/tool/search', 'shifting/tool/upload']);
    const search = (await core.api.listDecisions({})).find((d) => d.id === 'shifting/tool/search');
    expect(search).toMatchObject({ kind: 'toolChange', summary: '"shifting" changed the tool "search"', item: { server: 'shifting', kind: 'tool', name: 'search', change: 'changed' } });
    expect(added.filter((d) => d.kind === 'toolChange').map((d) => d.id).sort()).toEqual(await toolChanges(core));

    // decide, as the web UI: accepted, agents see it; the held list agrees.
    expect(await core.door.call({ caller: 'app' }, 'decide', { kind: 'toolChange', id: 'shifting/tool/search', answer: { decision: 'accept' } })).toEqual({ outcome: 'accepted' });
    await expect(core.api.decide({ kind: 'toolChange', id: 'shifting/tool/search', answer: { decision: 'accept' } })).rejects.toMatchObject({ code: 'not_found' });
    // The older method, by the terminal: the queue notes who and words the outcome.
    await core.door.call({ caller: 'terminal' }, 'reviewChanges', { name: 'shifting', decisions: [{ kind: 'tool', name: 'upload', decision: 'refuse' }] });
    await waitFor('two left', async () => ((await toolChanges(core)).length === 2 ? true : undefined));
    expect((await core.api.listHeldChanges({ server: 'shifting' })).map((h) => h.name).sort()).toEqual(['farewell', 'greet']);
    await waitFor('two records', () => (records(home).length === 2 ? true : undefined));
    expect(records(home).map(({ id, kind, who, outcome, what }) => ({ id, kind, who, outcome, what }))).toEqual([
      { id: 'shifting/tool/search', kind: 'toolChange', who: 'app', outcome: 'accepted', what: '"shifting" changed the tool "search"' },
      { id: 'shifting/tool/upload', kind: 'toolChange', who: 'terminal', outcome: 'refused', what: '"shifting" lists a new tool "upload"' },
    ]);

    // After a restart, what still waits is listed before any listing of the server.
    await core.close();
    open.splice(0);
    core = await openCore(home);
    await waitFor('the held prompts listed again', async () => ((await toolChanges(core)).length === 2 ? true : undefined));
    expect(await toolChanges(core)).toEqual(['shifting/prompt/farewell', 'shifting/prompt/greet']);
    await core.api.reviewChanges({ name: 'shifting', acceptAll: true });
    await waitFor('nothing left', async () => ((await toolChanges(core)).length === 0 ? true : undefined));
    await waitFor('four records', () => (records(home).length === 4 ? true : undefined));
    expect(records(home).slice(2).map(({ who, outcome }) => ({ who, outcome }))).toEqual([
      { who: 'ipc', outcome: 'accepted' },
      { who: 'ipc', outcome: 'accepted' },
    ]);
  }, 60_000);
});
