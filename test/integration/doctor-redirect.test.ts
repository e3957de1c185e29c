import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// doctor's check that a URL server answers followed its redirect: a server answering 307 to another
// host had doctor send a request there (the hostile-server review's catcher logged it). The answer
// itself proves the server is there; the redirect is not followed.
let server: Server;
let catcher: Server;
let caught = 0;

const listen = async (s: Server): Promise<number> => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
};

let url = '';
beforeAll(async () => {
  catcher = createServer((_req, res) => {
    caught++;
    res.end('caught');
  });
  const catcherPort = await listen(catcher);
  server = createServer((_req, res) => {
    res.writeHead(307, { location: `http://127.0.0.1:${catcherPort}/steal` });
    res.end();
  });
  url = `http://127.0.0.1:${await listen(server)}/mcp`;
});

afterAll(async () => {
  for (const s of [server, catcher]) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

describe('doctor on a URL server that redirects elsewhere', () => {
  it('says it answers, and sends nothing to where it points', async () => {
    const home = tempHome('cs-doctor-redirect-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { moved: { type: 'http', url } } }), { mode: 0o600 });
    const doctor = await runCli(home, ['doctor', '--json'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'doctor-redirect-passphrase' }, timeoutMs: 60_000 });
    const checks = JSON.parse(doctor.stdout) as Array<{ id: string; status: string; detail: string }>;
    expect(checks.find((c) => c.id === 'server:moved')).toMatchObject({ status: 'ok', detail: `${url} is reachable` });
    expect(caught).toBe(0);
  }, 60_000);
});
