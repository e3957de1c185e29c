import { createServer } from 'node:net';

let probe: Promise<string | undefined> | undefined;

/**
 * Why [::1] cannot be bound on this machine (a container or kernel without IPv6), or undefined when
 * it can. Probed once per test file; the tests that need another program on [::1] skip, saying so.
 */
export function ipv6LoopbackMissing(): Promise<string | undefined> {
  probe ??= new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(`IPv6 loopback [::1] cannot be bound here (${error.code ?? error.message}): skipped`));
    server.listen(0, '::1', () => server.close(() => resolve(undefined)));
  });
  return probe;
}
