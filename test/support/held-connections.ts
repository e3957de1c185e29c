import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** `count` raw connections to 127.0.0.1:port, each open (connected) and silent, for a server's connection cap. */
export async function holdConnections(port: number, count: number): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
}

/**
 * Whether the server drops one more connection without a word: it sends an HTTP request and sees
 * the socket end (or reset) with no byte of an answer. False when any answer arrives.
 */
export function droppedUnanswered(port: number, host = `127.0.0.1:${port}`): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(`GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    socket.on('data', () => (answered = true));
    socket.once('error', () => resolve(!answered));
    socket.once('close', () => resolve(!answered));
  });
}

/** Ends every held connection and waits until each is closed. */
export async function releaseAll(sockets: Socket[]): Promise<void> {
  await Promise.all(sockets.map((s) => new Promise<void>((resolve) => (s.closed ? resolve() : (s.once('close', () => resolve()), s.destroy())))));
}

/** Sends a GET on a held connection and resolves with its answer's status line. */
export function statusLineOn(socket: Socket, path: string, host: string): Promise<string> {
  return sentOn(socket, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
}

/** Sends a JSON POST with these headers on a held connection and resolves with its answer's status line. */
export function postedOn(socket: Socket, path: string, host: string, headers: Record<string, string>, body = '{}'): Promise<string> {
  const lines = Object.entries({ ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).map(([name, value]) => `${name}: ${value}\r\n`);
  return sentOn(socket, `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n${lines.join('')}\r\n${body}`);
}

/**
 * Starts a JSON POST on a held connection whose body never arrives whole (a client that trickles it):
 * the head and one byte of a 60-byte body. It asks for `100 Continue` (RFC 9110 §10.1.1), which node
 * sends once it has parsed the head and handed the request on, so the promise resolves only when the
 * server is at the body: nothing is left to timing.
 */
export async function tricklingOn(socket: Socket, path: string, host: string, headers: Record<string, string> = {}): Promise<void> {
  const lines = Object.entries({ ...headers, 'content-type': 'application/json', 'content-length': '60', expect: '100-continue' }).map(([name, value]) => `${name}: ${value}\r\n`);
  const status = await sentOn(socket, `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n${lines.join('')}\r\n{`);
  if (status !== 'HTTP/1.1 100 Continue') throw new Error(`the server answered ${status} before the body`);
}

function sentOn(socket: Socket, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Closed already (by the server): its close event is gone, no answer will come.
    if (socket.destroyed) return reject(new Error('the connection is closed'));
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      resolve(text.slice(0, end));
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`the connection closed before an answer (${JSON.stringify(text)})`)));
    socket.write(raw);
  });
}

/** Resolves once the connection is closed (by the server, when the test did not close it). */
export function whenClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));
}

/** A GET kept open (an event stream): its status once the head arrives, and a way to end it. */
export function openStream(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path, headers: { host: `127.0.0.1:${port}`, ...headers }, agent: false }, (res) => {
      res.resume();
      const socket = res.socket;
      resolve({ status: res.statusCode ?? 0, close: () => releaseAll([socket]) });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * `count` silent connections, each opened again as soon as it is closed (what a process that wants
 * to keep a server's connections taken does), until `stop`.
 */
export async function reopeningFlood(port: number, count: number): Promise<{ stop: () => Promise<void> }> {
  let stopped = false;
  const live = new Set<Socket>();
  const open = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve());
      live.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        live.delete(socket);
        resolve();
        if (stopped) return;
        void open();
      });
    });
  await Promise.all(Array.from({ length: count }, open));
  return {
    stop: async () => {
      stopped = true;
      await releaseAll([...live]);
    },
  };
}
