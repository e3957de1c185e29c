import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { AppApi } from '../../shared/api';
import { ManualTimers } from '../../test/support/manual-timers';
import { EventHub } from '../app';
import type { SetTimer } from '../pool';
import { EVENT_BACKLOG_BYTES, EVENT_DRAIN_MS, streamEvents } from './event-stream';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A stream served to a client that sends its request and then never reads. */
async function unreadStream(setTimer?: SetTimer): Promise<{ hub: EventHub; closed: Promise<void>; socket: Socket }> {
  const hub = new EventHub();
  const api = { on: hub.on.bind(hub) } as unknown as AppApi;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let client: Socket | undefined;
  const opened = new Promise<void>((resolve) => {
    const server = createServer((_request, response) => {
      response.on('close', resolveClosed);
      streamEvents(api, response, setTimer);
      resolve();
    });
    servers.push(server);
    server.listen(0, '127.0.0.1', () => {
      const socket = connect({ host: '127.0.0.1', port: (server.address() as AddressInfo).port }, () => {
        socket.write('GET /api/events HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
        socket.pause();
      });
      socket.on('error', () => undefined);
      sockets.push(socket);
      client = socket;
    });
  });
  await opened;
  if (client === undefined) throw new Error('no client socket');
  return { hub, closed, socket: client };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const LINE = 'x'.repeat(64 * 1024);

/** Sends events until the stream's writes are told to wait (its drain wait is armed), then stops. */
async function fillUntilWaiting(hub: EventHub, timers: ManualTimers): Promise<void> {
  // Socket buffers take some MiB first; bounded so a stream that never arms a wait fails here.
  for (let i = 0; i < 2000 && timers.pending.length === 0; i++) {
    hub.emit('inventoryChanged', { server: LINE });
    await turn();
  }
  expect(timers.pending).toEqual([EVENT_DRAIN_MS]);
}

it('closes the stream of a tab that stops reading once its backlog passes the bound, keeping at most that much', async () => {
  const { hub, closed } = await unreadStream();
  let ended = false;
  void closed.then(() => (ended = true));
  const line = 'x'.repeat(64 * 1024);
  // Far more than the bound and any socket buffers: without it, every event would stay queued.
  for (let i = 0; i < 2000 && !ended; i++) {
    hub.emit('inventoryChanged', { server: line });
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(ended).toBe(true);
  expect(EVENT_BACKLOG_BYTES).toBeLessThan(2000 * 64 * 1024);
});

it('closes the stream of a tab whose backlog, under the bound, does not drain within EVENT_DRAIN_MS', async () => {
  const timers = new ManualTimers();
  const { hub, closed } = await unreadStream(timers.setTimer);
  let ended = false;
  void closed.then(() => (ended = true));
  await fillUntilWaiting(hub, timers);
  timers.advance(EVENT_DRAIN_MS - 1);
  await turn();
  expect(ended).toBe(false);
  timers.advance(1);
  await closed;
  expect(ended).toBe(true);
});

it('keeps the stream of a tab that drains its backlog, and waits again only when a new one builds', async () => {
  const timers = new ManualTimers();
  const { hub, closed, socket } = await unreadStream(timers.setTimer);
  let ended = false;
  void closed.then(() => (ended = true));
  await fillUntilWaiting(hub, timers);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received = (received + chunk.toString('latin1')).slice(-64)));
  socket.resume();
  // The tab reads everything: the server's drain cancels the wait.
  while (timers.pending.length > 0) await turn();
  timers.advance(EVENT_DRAIN_MS * 2);
  hub.emit('inventoryChanged', { server: 'after' });
  while (!received.includes('"after"')) await turn();
  expect(ended).toBe(false);
  expect(timers.pending).toEqual([]);
  // Stopped again: a new backlog gets a new wait.
  socket.pause();
  await fillUntilWaiting(hub, timers);
  timers.advance(EVENT_DRAIN_MS);
  await closed;
});
