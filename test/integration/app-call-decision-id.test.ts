import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixtureServer } from '../fixtures/servers/config';
import { eventually, startServe, type Served } from '../support/serve';

interface Opened {
  appId: string;
  frame: string;
}

interface AppCallItem {
  kind: string;
  item: Record<string, unknown>;
}

// An opened app's id is its only credential on the app origin: the decisions every caller may list name it by a tag.
describe('an app\'s waiting write call, as listDecisions shows it to the command line', () => {
  let home = '';
  let served: Served | undefined;

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'cs-app-call-id-'));
    await writeFile(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: { fx: appFixtureServer() } }));
    served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
    expect((await served.api('approveServer', { name: 'fx' })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it('carries the frame tag the person\'s page was given, never the app\'s id', async () => {
    if (!served) throw new Error('serve did not start');
    const runtime = JSON.parse(await readFile(path.join(home, 'runtime.json'), 'utf8')) as { secret: string };
    const cli = async (method: string, input: unknown = {}): Promise<unknown> =>
      ((await (await fetch(`${served?.origin ?? ''}/api/${method}`, { method: 'POST', headers: { authorization: `Bearer ${runtime.secret}`, 'content-type': 'application/json' }, body: JSON.stringify(input) })).json()) as { result?: unknown }).result;

    const opened = await served.api('openApp', { server: 'fx', tool: 'panel' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const app = opened.body.result as Opened;
    const waiting = served.api('callAppTool', { appId: app.appId, tool: 'save-note', arguments: { text: 'x' } });

    const listed = await eventually(async () => {
      const decisions = (await cli('listDecisions')) as AppCallItem[];
      return decisions.some((d) => d.kind === 'appCall') ? decisions : undefined;
    }, 30_000);
    expect(JSON.stringify(listed)).not.toContain(app.appId);
    const call = listed.find((d) => d.kind === 'appCall');
    expect(call?.item['frame']).toBe(app.frame);
    expect(call?.item).not.toHaveProperty('appId');

    // The person's page still finds and answers it.
    const mine = ((await served.api('listDecisions')).body.result as (AppCallItem & { id: string })[]).find((d) => d.kind === 'appCall' && d.item['frame'] === app.frame);
    expect(JSON.stringify(mine)).not.toContain(app.appId);
    expect((await served.api('decide', { kind: 'appCall', id: mine?.id, answer: { decision: 'deny' } })).status).toBe(200);
    expect((await waiting).body.error?.code).toBe('denied');
  }, 60_000);
});
