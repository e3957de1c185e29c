import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiDoor, EventHub } from '../app';
import { fakeApi, send } from '../../test/support/web-server-harness';
import { withIdleLimit } from './page-idle-limit';
import { startWebServer, type WebServer } from './web-server';

let web: WebServer | undefined;
afterEach(async () => {
  await web?.close();
  web = undefined;
});

const PAGE = '<!doctype html><html><head><title>x</title></head><body></body></html>';
const META = (ms: number) => `<head><meta name="connected-services-ui-session-idle-ms" content="${ms}" /><title>`;

describe('the idle limit written into the page', () => {
  it('goes at the top of the head of the page only', () => {
    const html = withIdleLimit({ type: 'text/html; charset=utf-8', body: Buffer.from(PAGE) }, 600_000);
    expect('body' in html && html.body.toString()).toContain(META(600_000));
    const script = { type: 'text/javascript; charset=utf-8', body: Buffer.from('"<head>"') };
    expect(withIdleLimit(script, 600_000)).toBe(script);
    const streamed = { type: 'text/html; charset=utf-8', path: '/x/index.html', size: 10 };
    expect(withIdleLimit(streamed, 600_000)).toBe(streamed);
  });

  it('is the limit as set when the page is asked for, and the shared file is left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-web-page-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    let idleMs = 3_600_000;
    const events = new EventHub();
    const door = createApiDoor({ api: fakeApi(events), admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } });
    web = await startWebServer({ api: fakeApi(events), door, port: 0, staticDir: dir, sessionIdleMs: () => idleMs });
    const first = await send(web.port, '/');
    expect([first.status, first.body]).toEqual([200, PAGE.replace('<head><title>', META(3_600_000))]);
    idleMs = 300_000;
    const again = await send(web.port, '/index.html');
    expect(again.body).toBe(PAGE.replace('<head><title>', META(300_000)));
  });
});
