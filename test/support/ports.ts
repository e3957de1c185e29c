import { createServer } from 'node:net';

/**
 * Below Linux's ephemeral range (32768–60999): the kernel never hands these out for `listen(0)` or an
 * outgoing connection, so between our check and the server's own bind only another fixed-port bind
 * could take the port, not any of the connections the other tests open meanwhile.
 */
const FIXED_PORTS = { first: 20_000, count: 12_000 };

function tryBind(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that was free a moment ago (for servers that take a fixed port). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FIXED_PORTS.first + Math.floor(Math.random() * FIXED_PORTS.count);
    if (await tryBind(port)) return port;
  }
  throw new Error(`no free port among 50 tried in ${FIXED_PORTS.first}–${FIXED_PORTS.first + FIXED_PORTS.count - 1}`);
}
