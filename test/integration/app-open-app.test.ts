import os from 'node:os';
import path from 'node:path';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServer } from '../fixtures/servers/config';
import { appApi, startServe, type Served } from '../support/serve';

interface Opened {
  appId: string;
  address: string;
  allow: string;
  requested: string[];
}

// Issue 36 item 1, the core's half: a tool's app opened through `serve`'s App API onto the app origin.
describe('openApp and closeApp through serve', () => {
  let home = '';
  let served: Served | undefined;

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'cs-open-app-'));
    await writeFile(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: { basic: appServer('basic-vanillajs') } }));
    served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
    expect((await served.api('approveServer', { name: 'basic' })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it('serves the server’s document on an origin of its own, framed only by the UI, until closed', async () => {
    if (!served) throw new Error('serve did not start');
    const opened = await served.api('openApp', { server: 'basic', tool: 'get-time' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const app = opened.body.result as Opened;
    const address = new URL(app.address);
    expect(address.hostname).toBe('127.0.0.1');
    expect(address.origin).not.toBe(served.origin);
    expect(app.allow).toBe('');

    const framed = await fetch(app.address, { headers: { 'sec-fetch-dest': 'iframe' } });
    expect(framed.status).toBe(200);
    expect(await framed.text()).toMatch(/<html/i);
    const csp = framed.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    // Framed by the UI at its one address (a page named `localhost` may be another program's).
    const port = new URL(served.origin).port;
    expect(csp).toMatch(new RegExp(`frame-ancestors http://127\\.0\\.0\\.1:${port}$`));
    expect(csp).toContain('sandbox allow-scripts');

    // The UI's own page may frame the app origin, and nothing else.
    const page = await fetch(`${served.origin}/`);
    expect(page.headers.get('content-security-policy')).toContain(`frame-src ${address.origin}`);

    // The app's own read call runs as the person's; a tool that is not its server's is refused.
    const called = await served.api('callAppTool', { appId: app.appId, tool: 'get-time' });
    expect(JSON.stringify(called.body.result)).toMatch(/\d{4}-\d{2}-\d{2}T/);
    const foreign = await served.api('callAppTool', { appId: app.appId, tool: 'get-system-info' });
    expect(foreign.body.error?.code).toBe('denied');

    // Its open panel keeps it (an entry nobody keeps expires); once closed there is nothing to keep.
    expect((await served.api('keepApp', { appId: app.appId })).body).toEqual({ result: { ok: true } });
    expect((await served.api('closeApp', { appId: app.appId })).status).toBe(200);
    expect((await fetch(app.address, { headers: { 'sec-fetch-dest': 'iframe' } })).status).toBe(404);
    expect((await served.api('keepApp', { appId: app.appId })).body.error?.code).toBe('not_found');
  }, 60_000);

  it('the command line’s credential closes only the apps it opened: another’s is refused as an id never issued', async () => {
    if (!served) throw new Error('serve did not start');
    const runtime = JSON.parse(await readFile(path.join(home, 'runtime.json'), 'utf8')) as { secret: string };
    const cli = appApi(served.origin, runtime.secret);
    const framed = (address: string) => fetch(address, { headers: { 'sec-fetch-dest': 'iframe' } }).then((r) => r.status);

    const persons = (await served.api('openApp', { server: 'basic', tool: 'get-time' })).body.result as Opened;
    const refused = await cli('closeApp', { appId: persons.appId });
    const never = await cli('closeApp', { appId: 'never-issued' });
    expect(refused.body.error).toMatchObject({ code: 'not_found', message: 'That app was closed or has expired' });
    expect(never).toEqual(refused);
    expect((await cli('keepApp', { appId: persons.appId })).body.error?.code).toBe('not_found');
    expect(await framed(persons.address)).toBe(200);

    // Asked from the command line, the app opens once the person confirms it, and is the command line's to close.
    const asked = await cli('openApp', { server: 'basic', tool: 'get-time' });
    const data = (asked.body.error as { data?: { confirmation: string; claim: string } } | undefined)?.data;
    if (!data) throw new Error(`expected a confirmation: ${JSON.stringify(asked.body)}`);
    expect((await served.api('decide', { kind: 'confirmation', id: data.confirmation, answer: { decision: 'confirm' } })).body.result).toMatchObject({ outcome: 'confirmed' });
    const answer = (await cli('confirmationAnswer', { id: data.confirmation, claim: data.claim })).body.result as { outcome: string; result?: Opened };
    expect(answer.outcome).toBe('confirmed');
    const own = answer.result;
    if (!own) throw new Error('the confirmed openApp answered no app');
    expect(await framed(own.address)).toBe(200);
    expect((await cli('closeApp', { appId: own.appId })).body).toEqual({ result: { ok: true } });
    expect(await framed(own.address)).toBe(404);

    // The person closes any app.
    expect((await served.api('closeApp', { appId: persons.appId })).status).toBe(200);
    expect(await framed(persons.address)).toBe(404);
  }, 60_000);

  it('says clearly when a tool has no app or the server is unknown', async () => {
    if (!served) throw new Error('serve did not start');
    const none = await served.api('openApp', { server: 'basic', tool: 'no-such-tool' });
    expect(none.body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('no app') as unknown });
    const unknown = await served.api('openApp', { server: 'nope', tool: 'x' });
    expect(unknown.body.error?.code).toBe('not_found');
  }, 60_000);
});
