import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/config';
import { liveChecks } from '../../electron/app/doctor/live-checks';
import { createPool, type Pool, type PoolOptions } from '../../electron/pool';
import { describeError, screenHint } from '../../renderer/lib/describe-error';
import { pageLastError } from '../../renderer/lib/page-last-error';
import { checkWords } from '../../renderer/views/settings/check-words';
import { faultServer } from '../fixtures/servers/config';
import { startHostileServer } from '../fixtures/servers/hostile-modern-server';
import { startPagingServer } from '../fixtures/servers/paging-server';
import { startMislabelledSseServer } from '../fixtures/servers/mislabelled-sse-server';
import { startSessionExpiryServer } from '../fixtures/servers/session-expiry-server';
import { startStrayHttpServer } from '../fixtures/servers/stray-http-server';
import { freePort } from '../support/ports';
import { streamCountingFetch } from '../support/stream-counting-fetch';
import { tempDir, waitFor } from '../support/server-harness';

// The pool's hints say "server", as the command line does; a service's Last error and a live check's
// fix under Settings → Checks show the same hints saying "service", as the screens do everywhere else.

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function poolFor(name: string, config: ServerConfig, options: Partial<PoolOptions> = {}): Promise<Pool> {
  const pool = createPool({ cacheDir: tempDir('pool-hint-words-'), log: () => undefined, ...options });
  open.push(pool);
  return pool.apply({ mcpServers: { [name]: config } }).then(() => pool);
}

/** The pool's hint under Last error, as a service's page shows it (overview-panel.tsx). */
function lastErrorHint(pool: Pool, name: string): { core: string; shown: string } {
  const core = pageLastError(pool.status(name))?.hint;
  if (core === undefined) throw new Error(`no hint in ${JSON.stringify(pool.status(name).lastError)}`);
  return { core, shown: screenHint(core) };
}

/** The live check's fix, as Settings → Checks shows it (doctor-panel.tsx); its bound never passes here. */
async function liveFix(pool: Pool, name: string, config: ServerConfig): Promise<{ core: string; shown: string }> {
  const [check] = await liveChecks({
    servers: { [name]: config },
    approval: () => 'approved',
    probe: async (server) => {
      await pool.start(server);
      return (await pool.tools(server)).length;
    },
    timeoutMs: 60_000,
    timer: () => () => undefined,
  });
  const core = check?.fix;
  const shown = check && checkWords(check).fix;
  if (core === undefined || shown === undefined) throw new Error(`no fix in ${JSON.stringify(check)}`);
  return { core, shown: screenHint(shown) };
}

describe('the pool\'s hints for a start that failed, under Last error and as a live check\'s fix', () => {
  it('say "service" for an answer that is not valid MCP', async () => {
    const config = faultServer('invalid-results', { LISTING: 'not-a-list' });
    const pool = await poolFor('bad', config);
    await pool.start('bad').catch(() => undefined);
    expect(lastErrorHint(pool, 'bad')).toEqual({
      core: 'The server\'s answer is not valid MCP, so none of it is used; tell the maintainers of "bad"',
      shown: 'The service\'s answer is not valid MCP, so none of it is used; tell the maintainers of "bad"',
    });
    expect((await liveFix(pool, 'bad', config)).shown).toBe('The service\'s answer is not valid MCP, so none of it is used; tell the maintainers of "bad"');
  }, 60_000);

  it('say "service" for an answer too large', async () => {
    const server = await startSessionExpiryServer();
    open.push(server);
    const config: ServerConfig = { type: 'http', url: server.url };
    // One message's bound below any initialize answer: that answer is the huge one.
    const pool = await poolFor('memo', config, { maxMessageBytes: 64 });
    await pool.start('memo').catch(() => undefined);
    const words = "answer is too large: ask it for less (a narrower query, a smaller page), or check the";
    expect(lastErrorHint(pool, 'memo')).toEqual({ core: `The server's ${words} server`, shown: `The service's ${words} service` });
    expect((await liveFix(pool, 'memo', config)).shown).toBe(`The service's ${words} service`);
  }, 60_000);

  it('say "service" for a body labelled an event stream that is not one, the proxy kept', async () => {
    const server = await startMislabelledSseServer();
    open.push(server);
    const config: ServerConfig = { type: 'http', url: server.url };
    const pool = await poolFor('mislabelled', config);
    await pool.start('mislabelled').catch(() => undefined);
    const words = '(or a proxy in front of it) sends another body, such as plain JSON, under the wrong Content-Type: fix it there, or check its URL';
    expect(lastErrorHint(pool, 'mislabelled')).toEqual({ core: `The server ${words}`, shown: `The service ${words}` });
    expect((await liveFix(pool, 'mislabelled', config)).shown).toBe(`The service ${words}`);
  }, 60_000);

  it('say "service" for a listing whose pages loop, and name Restart for starting it again', async () => {
    const server = await startPagingServer({ pages: 3, perPage: 2, descriptionBytes: 10, loop: true });
    open.push(server);
    const config: ServerConfig = { type: 'http', url: server.url };
    const pool = await poolFor('pages', config);
    await pool.start('pages').catch(() => undefined);
    expect(lastErrorHint(pool, 'pages')).toEqual({
      core: 'The server repeated a page cursor it had already given, so its pages would never end: a bug in the server, for its maintainers to fix; `connected-services connect pages` starts it again',
      shown: 'The service repeated a page cursor it had already given, so its pages would never end: a bug in the service, for its maintainers to fix; start it again with Restart on its page',
    });
    expect((await liveFix(pool, 'pages', config)).shown).toBe('The service repeated a page cursor it had already given, so its pages would never end: a bug in the service, for its maintainers to fix; start it again with Restart on its page');
  }, 60_000);

  it('say "service" for headers too large to read, the name as written', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.setHeader('Mcp-Session-Id', 's'.repeat(60_000)).setHeader('Content-Type', 'application/json').end('{}'));
    });
    open.push({ close: () => new Promise<void>((done) => server.close(() => done())) });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const pool = await poolFor('big', { type: 'http', url });
    await pool.start('big').catch(() => undefined);
    const words = 'sends oversized headers (such as a very long Mcp-Session-Id): check "big" or its maintainer';
    expect(lastErrorHint(pool, 'big')).toEqual({ core: `The server ${words}`, shown: `The service ${words}` });
  }, 60_000);

  it('say "service" for an address nothing answers at, the address as written', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const pool = await poolFor('web', { type: 'http', url });
    await pool.start('web').catch(() => undefined);
    expect(lastErrorHint(pool, 'web')).toEqual({ core: `Is the server running at ${url}?`, shown: `Is the service running at ${url}?` });
  }, 60_000);

  it('keep "MCP server" where it names the program a command has to run', async () => {
    const config = faultServer('never-ready', {}, { startupTimeoutMs: 300 });
    const pool = await poolFor('slow', config);
    await pool.start('slow').catch(() => undefined);
    const { core, shown } = lastErrorHint(pool, 'slow');
    expect(core).toMatch(/^Check that its command runs an MCP server \(run `connected-services doctor`\)/);
    expect(shown).toMatch(/^Check that its command runs an MCP server \(see Settings → Checks\)/);
    // Inside the doctor's own answer, sending the person to the doctor leads nowhere.
    expect((await liveFix(pool, 'slow', config)).core).toBe('Check that its command runs an MCP server, or raise "startupTimeoutMs" of "slow" in mcp.json');
  }, 60_000);
});

describe('the pool\'s hint for a call that failed, as its page shows the call\'s error', () => {
  it('says "service", its Logs tab, and Check services now for an answer stream that ended unanswered', async () => {
    const server = await startHostileServer();
    open.push(server);
    const pool = await poolFor('hostile', { type: 'http', url: server.url, timeoutMs: 600_000 }, { gate: () => null });
    await pool.start('hostile');
    const error: unknown = await pool.callTool('hostile', 'ends_unanswered', {}).catch((reason: unknown) => reason);
    expect(describeError(error).hint).toBe('retry; if it keeps happening, check the service (its Logs tab, or Check services now under Settings → Checks, which starts it)');
  }, 60_000);
});

describe('the pool\'s hints for a running service it stopped, under Last error', () => {
  it('say "service" for one flooding its stream with messages of no use', async () => {
    const server = await startStrayHttpServer('junk');
    open.push(server);
    const pool = await poolFor('stray', { type: 'http', url: server.url });
    await pool.start('stray').catch(() => undefined);
    // Stopped once over its budget for 3 s in a row: on a loaded machine that can take longer.
    await waitFor('stray stopped', () => pool.status('stray').state === 'error', 60_000);
    const { core, shown } = lastErrorHint(pool, 'stray');
    expect(core).toBe('Its server is broken or hostile; once it is fixed, start it again with `connected-services connect stray`');
    expect(shown).toBe('The service is broken or hostile; once it is fixed, start it again with Restart on its page');
  }, 90_000);

  it('say "service" for one forgetting session after session, the proxy kept', async () => {
    const server = await startSessionExpiryServer();
    open.push(server);
    const { fetch: seeing, streams } = streamCountingFetch();
    const pool = createPool({ cacheDir: tempDir('pool-hint-words-'), log: () => undefined, httpFetch: () => seeing });
    open.push(pool);
    await pool.apply({ mcpServers: { memo: { type: 'http', url: server.url } }, settings: { sessionRenewalsPerMinute: 1 } });
    await pool.start('memo');
    await waitFor('the GET stream open', () => streams() === 1);
    await server.expire();
    await waitFor('the second session, its stream open', () => server.initializes === 2 && streams() === 2 && pool.status('memo').state === 'ready', 30_000);
    // It served a request: forgotten now, it would be renewed but for the count.
    await pool.callTool('memo', 'echo', { text: 'served' });
    await server.expire();
    await waitFor('memo in error', () => pool.status('memo').state === 'error', 30_000);
    const words = '(or a proxy in front of it, such as a load balancer without sticky sessions) does not keep its sessions; check it, then start "memo" again';
    expect(lastErrorHint(pool, 'memo')).toEqual({ core: `The server ${words}`, shown: `The service ${words} with Restart on its page` });
  }, 60_000);
});
