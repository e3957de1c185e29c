import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// Agents read a server's error: a URL that leads to a service that is no MCP server must not hand them its page.
describe('an HTTP entry whose URL answers with a page that is not MCP', () => {
  let page: Server;
  let home: string;
  beforeAll(async () => {
    page = createServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('INTERNAL-ADMIN-PAGE session=abcd1234');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    home = tempHome('cs-http-answer-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/mcp`;
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { weather: { type: 'http', url } } }));
  });
  afterAll(async () => {
    await new Promise((resolve) => page.close(resolve));
  });

  it('says it answered HTTP 400 without quoting the page', async () => {
    const started = await runCli(home, ['servers', 'restart', 'weather'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'http answer passphrase' } });
    const said = started.stdout + started.stderr;
    expect(said).toContain('"weather" answered HTTP 400 (its answer is not an MCP message and is not shown)');
    expect(said).not.toContain('INTERNAL-ADMIN-PAGE');
  });
});
