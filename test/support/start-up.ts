import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { tempHome, type CliResult } from './cli';

/** What the start-up tests share: a quiet home, a port held as another program would, a clean stop. */

export /** A home with no servers: start-up is what is tested, not the demo servers. */
function quietHome(settings?: Record<string, unknown>): string {
  const home = tempHome('cs-start-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, ...(settings ? { settings } : {}) }), { mode: 0o600 });
  return home;
}

export /** Holds a port like another program would; a port someone else already holds is just as busy. */
async function occupy(port: number): Promise<Server | undefined> {
  // A program that never answers, but reads what it is sent: a probe's closed connection ends, so `close` does not wait on it.
  const server = createServer((socket) => socket.on('error', () => undefined).resume());
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export /** No path a person sees may show a stack trace or an error class name. */
function expectNoStackTrace(result: Pick<CliResult, 'stderr' | 'stdout'>): void {
  for (const text of [result.stderr, result.stdout]) {
    expect(text).not.toMatch(/^\s+at /m);
    expect(text).not.toMatch(/\b_?[A-Z]\w*Error\b/);
    expect(text).not.toContain('Node.js v');
    expect(text).not.toContain('did not finish starting');
    expect(text).not.toContain('pool is closed');
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The programs a describe's tests start and the ports they hold as another program would, let go after each test. */
export function startUpCleanup(): { children: ChildProcess[]; hold: (port: number) => Promise<void> } {
  const held: Server[] = [];
  const children: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map(stop));
    await Promise.all(held.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });
  return {
    children,
    hold: async (port) => {
      const server = await occupy(port);
      if (server) held.push(server);
    },
  };
}
