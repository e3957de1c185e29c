import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isConnectedServicesBridge } from '../../electron/app/agents/bridge-identity';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// A second `serve` tells another Connected Services on the default port from any other program.
describe('isConnectedServicesBridge', () => {
  it('knows a real bridge by its /mcp refusal, and not a program that answers 401 in other words', async () => {
    h = await startBridge({});
    expect(await isConnectedServicesBridge(Number(new URL(h.bridge.url).port))).toBe(true);

    const other = createServer((_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="elsewhere"' });
      res.end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      expect(await isConnectedServicesBridge((other.address() as AddressInfo).port)).toBe(false);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('gives up within its bound on a program trickling its headers, whose every byte would reset an idle timer', async () => {
    const sockets = new Set<Socket>();
    const trickler = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.write('HTTP/1.1 401 Unauthorized\r\nX-A: ');
      const drip = setInterval(() => socket.write('a'), 20);
      socket.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
    try {
      expect(await isConnectedServicesBridge((trickler.address() as AddressInfo).port, 200)).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => trickler.close(resolve));
    }
  }, 20_000);
});
