import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports';

describe('freePort', () => {
  it('gives a port below the ephemeral range (never one listen(0) or a connection takes meanwhile), bindable on 127.0.0.1', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
