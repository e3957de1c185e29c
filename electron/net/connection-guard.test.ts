import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { droppedUnanswered, holdConnections, postedOn, releaseAll, statusLineOn, tricklingOn, whenClosed } from '../../test/support/held-connections';
import { guardConnections, MAX_PIPELINED } from './connection-guard';

let server: Server | undefined;

/** A server of `cap` connections that answers /hold only when told, /big with 32 MiB, and anything else at once; /trusted is a request it trusts (an agent's). */
async function start(cap: number): Promise<{ port: number; host: string; release: () => void; held: (count: number) => Promise<void>; served: () => number }> {
  const waiting: Array<() => void> = [];
  let arrived = (): void => undefined;
  server = createServer();
  let served = 0;
  const guard = guardConnections(server, cap, (req, res) => {
    served += 1;
    if (req.url === '/trusted') guard.trust(req.socket);
    if (req.url === '/hold') {
      waiting.push(() => res.end('held'));
      arrived();
    } else if (req.url === '/big') {
      // More than the sockets' buffers take: a client that never reads keeps it from finishing.
      res.end(Buffer.alloc(32 * 1024 * 1024));
      waiting.push(() => undefined);
      arrived();
    } else if (req.method === 'POST') {
      // Answered once the body has arrived, as our servers do with the bodies they read.
      req.resume();
      req.once('end', () => res.end('ok'));
    } else res.end('ok');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  /** Resolves once `count` requests for /hold are being served. */
  const held = (count: number): Promise<void> =>
    new Promise((resolve) => {
      arrived = () => void (waiting.length >= count && resolve());
      arrived();
    });
  return { port, host: `127.0.0.1:${port}`, release: () => waiting.splice(0).forEach((end) => end()), held, served: () => served };
}

afterEach(async () => {
  await new Promise((resolve) => {
    server?.close(resolve);
    server?.closeAllConnections();
  });
});

describe('guardConnections', () => {
  it('at the cap, closes first the oldest connection with no request yet, then the one idle longest, never one being served', async () => {
    const { port, host, release, held } = await start(3);
    const [kept, silent, busy] = await holdConnections(port, 3);
    expect(await statusLineOn(kept!, '/', host)).toBe('HTTP/1.1 200 OK');
    void statusLineOn(busy!, '/hold', host).catch(() => undefined);
    await held(1);
    // A newer silent connection goes before an older one kept alive between requests.
    const [second] = await holdConnections(port, 1);
    await whenClosed(silent!);
    expect(await statusLineOn(second!, '/', host)).toBe('HTTP/1.1 200 OK');
    // Now none is silent: the one idle longest goes; the one being served stays.
    const [third] = await holdConnections(port, 1);
    await whenClosed(kept!);
    expect(await statusLineOn(third!, '/', host)).toBe('HTTP/1.1 200 OK');
    expect(busy!.closed).toBe(false);
    await releaseAll([second!, third!]);
    release();
    await releaseAll([busy!]);
  });

  it('with every connection being served, closes the new one unanswered', async () => {
    const { port, host, release, held: served } = await start(2);
    const held = await holdConnections(port, 2);
    const answers = held.map((socket) => statusLineOn(socket, '/hold', host));
    // Once both requests arrived, nothing can give way to a new connection.
    await served(2);
    expect(await droppedUnanswered(port)).toBe(true);
    release();
    expect(await Promise.all(answers)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    await releaseAll(held);
  });
});

describe('guardConnections and request bodies that never finish arriving', () => {
  it('at the cap, closes the connection whose body has been arriving longest, before an idle one, for a new one', async () => {
    const { port, host } = await start(3);
    const [kept, ...slow] = await holdConnections(port, 3);
    // The kept-alive connection is the oldest and idle: without the bodies it would go first.
    expect(await statusLineOn(kept!, '/', host)).toBe('HTTP/1.1 200 OK');
    for (const socket of slow) await tricklingOn(socket, '/upload', host);
    const [fresh] = await holdConnections(port, 1);
    expect(await statusLineOn(fresh!, '/', host)).toBe('HTTP/1.1 200 OK');
    expect(await statusLineOn(kept!, '/', host)).toBe('HTTP/1.1 200 OK');
    await whenClosed(slow[0]!);
    // Every new connection replaces a trickling one, never one of the two kept alive.
    const [again] = await holdConnections(port, 1);
    await whenClosed(slow[1]!);
    await tricklingOn(again!, '/upload', host);
    const [third] = await holdConnections(port, 1);
    await whenClosed(again!);
    expect(await statusLineOn(third!, '/', host)).toBe('HTTP/1.1 200 OK');
    expect(await statusLineOn(kept!, '/', host)).toBe('HTTP/1.1 200 OK');
    expect(await statusLineOn(fresh!, '/', host)).toBe('HTTP/1.1 200 OK');
    await releaseAll([kept!, ...slow, fresh!, again!, third!]);
  });

  it('keeps a connection whose body arrived whole while the server is still at work on it', async () => {
    const { port, host, held } = await start(2);
    const [busy, slow] = await holdConnections(port, 2);
    const answer = postedOn(busy!, '/hold', host, {});
    await held(1);
    await tricklingOn(slow!, '/upload', host);
    const [fresh] = await holdConnections(port, 1);
    expect(await statusLineOn(fresh!, '/', host)).toBe('HTTP/1.1 200 OK');
    await whenClosed(slow!);
    expect(busy!.closed).toBe(false);
    void answer.catch(() => undefined);
    await releaseAll([busy!, fresh!]);
  });
});

describe('guardConnections and connections that carried a trusted request', () => {
  it('at the cap, closes every idle connection that carried none before an older idle one that carried one', async () => {
    const { port, host } = await start(3);
    const [agent, ...others] = await holdConnections(port, 3);
    // The agent's connection is the one idle longest, which alone would make it the first to go.
    expect(await statusLineOn(agent!, '/trusted', host)).toBe('HTTP/1.1 200 OK');
    for (const socket of others) expect(await statusLineOn(socket, '/', host)).toBe('HTTP/1.1 200 OK');
    // A client without a token churns: each new connection asks once (refused, say) and stays idle.
    const churned = [...others];
    for (let i = 0; i < 10; i += 1) {
      const [next] = await holdConnections(port, 1);
      expect(await statusLineOn(next!, '/', host)).toBe('HTTP/1.1 200 OK');
      churned.push(next!);
    }
    expect(await statusLineOn(agent!, '/trusted', host)).toBe('HTTP/1.1 200 OK');
    await Promise.all(churned.slice(0, -2).map((socket) => whenClosed(socket)));
    // With only trusted connections idle, the one idle longest still gives way.
    for (const socket of churned.slice(-2)) expect(await statusLineOn(socket, '/trusted', host)).toBe('HTTP/1.1 200 OK');
    const [last] = await holdConnections(port, 1);
    expect(await statusLineOn(last!, '/', host)).toBe('HTTP/1.1 200 OK');
    await whenClosed(agent!);
    await releaseAll([...churned, last!]);
  });

  it('at the cap, closes a trusted connection whose body is still arriving before a trusted idle one', async () => {
    const { port, host } = await start(3);
    const [agent, ...slow] = await holdConnections(port, 3);
    expect(await statusLineOn(agent!, '/trusted', host)).toBe('HTTP/1.1 200 OK');
    // Another token's holder trickles its bodies: the oldest idle agent's connection must outlast them.
    for (const socket of slow) await tricklingOn(socket, '/trusted', host);
    const [fresh] = await holdConnections(port, 1);
    expect(await statusLineOn(fresh!, '/', host)).toBe('HTTP/1.1 200 OK');
    expect(await statusLineOn(agent!, '/trusted', host)).toBe('HTTP/1.1 200 OK');
    await whenClosed(slow[0]!);
    await releaseAll([agent!, ...slow, fresh!]);
  });
});

describe('guardConnections and clients that never read', () => {
  it('at the cap, closes a connection whose whole answer is written and waits on its client, for a new one', async () => {
    const { port, host, held } = await start(2);
    const stalled = await holdConnections(port, 2);
    for (const socket of stalled) {
      socket.pause();
      socket.write(`GET /big HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    }
    await held(2);
    const [fresh] = await holdConnections(port, 1);
    expect(await statusLineOn(fresh!, '/', host)).toBe('HTTP/1.1 200 OK');
    // One of them was closed for it (a paused socket sees that only once it reads again).
    for (const socket of stalled) socket.resume();
    await Promise.race(stalled.map((socket) => whenClosed(socket)));
    await releaseAll([...stalled, fresh!]);
  });
});

/** Pipelines `paths` on a paused connection: its client sends them all and reads nothing. */
function pipeline(socket: Socket, host: string, paths: string[]): void {
  socket.pause();
  socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`).join(''));
}

describe('guardConnections and pipelined requests', () => {
  it('at the cap, closes a connection whose first answer waits on its client, whatever it queued behind it', async () => {
    const { port, host, held } = await start(2);
    const stalled = await holdConnections(port, 2);
    // Each: a large answer never read, then a request the server is still at work on.
    for (const socket of stalled) pipeline(socket, host, ['/big', '/hold']);
    await held(4);
    const [fresh] = await holdConnections(port, 1);
    expect(await statusLineOn(fresh!, '/', host)).toBe('HTTP/1.1 200 OK');
    for (const socket of stalled) socket.resume();
    await Promise.race(stalled.map((socket) => whenClosed(socket)));
    await releaseAll([...stalled, fresh!]);
  });

  it(`serves at most ${MAX_PIPELINED} requests queued on one connection, then closes it without serving the rest`, async () => {
    const { port, host, held, served, release } = await start(4);
    const [greedy, honest] = await holdConnections(port, 2);
    // One read brings every request: node parses them all, the guard serves only the first ones.
    pipeline(greedy!, host, Array.from({ length: 100 }, () => '/hold'));
    await held(MAX_PIPELINED);
    greedy!.resume();
    await whenClosed(greedy!);
    expect(served()).toBe(MAX_PIPELINED);
    // Another client is not affected.
    expect(await statusLineOn(honest!, '/', host)).toBe('HTTP/1.1 200 OK');
    release();
    await releaseAll([honest!]);
  });

  it(`serves ${MAX_PIPELINED} pipelined requests in order when the client reads them`, async () => {
    const { port, host } = await start(2);
    const [socket] = await holdConnections(port, 1);
    let text = '';
    socket!.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket!.write(Array.from({ length: MAX_PIPELINED }, () => `GET / HTTP/1.1\r\nHost: ${host}\r\n\r\n`).join(''));
    await new Promise<void>((resolve) => {
      const check = (): void => void (text.split('HTTP/1.1 200 OK').length - 1 === MAX_PIPELINED && resolve());
      socket!.on('data', check);
    });
    expect(socket!.closed).toBe(false);
    await releaseAll([socket!]);
  });
});
