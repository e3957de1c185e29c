import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { INITIALIZE } from '../support/bridge-harness';
import { tempHome } from '../support/cli';
import { startServe } from '../support/serve';
import { ALLOW_ALL } from '../support/vault-guess';

/** An agent's initialize to 127.0.0.1:PORT under the Host its client wrote (`localhost:PORT`), with its token; or from a page of `origin`. */
function initialize(port: number, host: string, token: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}`, ...(origin === undefined ? {} : { origin }) };
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

// The bridge refuses a client that names it `localhost` (it may reach another program on [::1]); the
// person finds it in the audit, counted, never with the token that came with it.
describe('a request naming the bridge `localhost`', () => {
  it('is refused and in the audit after serve stops: the first a minute, then one count, a Host apart from an Origin; no token', async () => {
    const home = tempHome('cs-misnamed-');
    const served = await startServe(home);
    let token = '';
    let port = 0;
    try {
      token = ((await served.api('addAgent', { name: 'desk', servers: '*', policy: ALLOW_ALL })).body.result as { token: string }).token;
      port = Number(new URL(served.bridge ?? '').port);
      for (const host of [`localhost:${port}`, `[::1]:${port}`, `localhost:${port}`]) expect(await initialize(port, host, token)).toBe(403);
      // A page served at localhost:PORT or [::1]:PORT (by whatever holds that address) calling the bridge's right address.
      for (const origin of [`http://localhost:${port}`, `http://[::1]:${port}`, `http://[::1]:${port}`]) expect(await initialize(port, `127.0.0.1:${port}`, token, origin)).toBe(403);
    } finally {
      await served.stop();
    }
    const file = join(home, 'audit', 'audit.jsonl');
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    expect(text).not.toContain(token);
    const refused = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as AuditEntry).filter((e) => e.kind === 'request');
    const entry = { agent: '', server: '', kind: 'request', outcome: 'denied', errorCode: 'denied' };
    expect(refused).toEqual([
      expect.objectContaining({ ...entry, tool: `Host: localhost:${port}` }),
      expect.objectContaining({ ...entry, tool: `Origin: http://localhost:${port}` }),
      expect.objectContaining({ ...entry, tool: `Host: [::1]:${port}`, repeated: 2 }),
      expect.objectContaining({ ...entry, tool: `Origin: http://[::1]:${port}`, repeated: 2 }),
    ]);
  }, 60_000);
});
