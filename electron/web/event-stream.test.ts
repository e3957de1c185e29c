import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { AppApi } from '../../shared/api';
import { EventHub } from '../app';
import { EVENT_BACKLOG_BYTES, streamEvents } from './event-stream';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A stream served to a client that sends its request and then never reads. */
async function unreadStream(): Promise<{ hub: EventHub; closed: Promise<void> }> {
  const hub = new EventHub();
  const api = { on: hub.on.bind(hub) } as unknown as AppApi;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const opened = new Promise<void>((resolve) => {
    const server = createServer((_request, response) => {
      response.on('close', resolveClosed);
      streamEvents(api, response);
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
    });
  });
  await opened;
  return { hub, closed };
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
