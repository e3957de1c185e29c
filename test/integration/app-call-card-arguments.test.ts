import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixtureServer } from '../fixtures/servers/config';
import { eventually, startServe, type Served } from '../support/serve';

interface AppCallItem {
  kind: string;
  id: string;
  item: Record<string, unknown>;
}

// The person allows an app's write seeing what runs: key names the log redacts hide nothing, and an over-deep call is refused.
describe("an app's write call through serve, as the person's card gets it", () => {
  let home = '';
  let served: Served | undefined;

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'cs-app-call-args-'));
    await writeFile(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: { fx: appFixtureServer() } }));
    served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
    expect((await served.api('approveServer', { name: 'fx' })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it('lists the arguments unredacted for the card, and refuses arguments nested past 64 levels as invalid input', async () => {
    if (!served) throw new Error('serve did not start');
    const opened = await served.api('openApp', { server: 'fx', tool: 'panel' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const { appId } = opened.body.result as { appId: string };
    const args = { text: 'x', password: 'rm -rf /home/person/everything', key: 'reports/2026/q4.pdf' };
    const waiting = served.api('callAppTool', { appId, tool: 'save-note', arguments: args });
    const call = await eventually(async () => ((await served?.api('listDecisions'))?.body.result as AppCallItem[]).find((d) => d.kind === 'appCall'), 30_000);
    expect(call.item['arguments']).toEqual(args);
    expect((await served.api('decide', { kind: 'appCall', id: call.id, answer: { decision: 'deny' } })).status).toBe(200);
    expect((await waiting).body.error?.code).toBe('denied');

    // Written as text: the test's own JSON.stringify would overflow first.
    const body = `{"appId":${JSON.stringify(appId)},"tool":"save-note","arguments":{"text":${'['.repeat(6_000)}"x"${']'.repeat(6_000)}}}`;
    const response = await fetch(`${served.origin}/api/callAppTool`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${served.secret}` }, body });
    const refused = (await response.json()) as { error?: { code: string; message: string } };
    expect(response.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('deeper than 64 levels') as unknown });
    expect(((await served.api('listDecisions')).body.result as AppCallItem[]).filter((d) => d.kind === 'appCall')).toEqual([]);
  }, 60_000);
});
