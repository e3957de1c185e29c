import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from './loopback-listen';

describe('listenOnLoopback: a port in use', () => {
  it("tells a program's bridge of its own option, the app's of its flag and setting", async () => {
    const holder = createServer();
    const port = await listenOnLoopback(holder, 0);
    try {
      const program = await listenOnLoopback(createServer(), port, 'program').then(() => undefined, (error: unknown) => error as { message: string; hint: string });
      expect(program?.hint).toContain('bridgePort to openConnectedServices');
      expect(`${program?.message} ${program?.hint}`).not.toContain('--bridge-port');
      expect(`${program?.message} ${program?.hint}`).not.toContain('mcp.json');
      const app = await listenOnLoopback(createServer(), port).then(() => undefined, (error: unknown) => error as { message: string });
      expect(app?.message).toContain('--bridge-port');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
