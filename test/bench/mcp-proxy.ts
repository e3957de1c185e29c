/**
 * `mcp-proxy` from npm (punkpeye/mcp-proxy, a stdio → Streamable HTTP proxy people put in front of
 * stdio servers) in front of one stdio server: one upstream client shared by every HTTP session, as
 * the bridge's pool does. Started with its defaults but for the address and `--server stream`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { freePort } from '../support/ports';
import { stopChild } from './serve-process';

export interface McpProxy {
  url: string;
  pid: number;
  version: string;
  stop(): Promise<void>;
}

function proxyBin(): { bin: string; version: string } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('mcp-proxy/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string; bin: Record<string, string> };
  const bin = pkg.bin['mcp-proxy'];
  if (!bin) throw new Error('mcp-proxy declares no mcp-proxy bin');
  return { bin: join(dirname(manifest), bin), version: pkg.version };
}

export async function startMcpProxy(command: string, args: string[]): Promise<McpProxy> {
  const { bin, version } = proxyBin();
  const port = await freePort();
  const child = spawn(process.execPath, [bin, '--host', '127.0.0.1', '--port', String(port), '--server', 'stream', '--', command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const lines = createInterface({ input: child.stdout });
  const listening = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.includes('starting server on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`mcp-proxy exited (${String(code)}) before it listened: ${stderr.trim().slice(-500)}`)));
    setTimeout(() => reject(new Error(`mcp-proxy did not listen within 30 s: ${stderr.trim().slice(-500)}`)), 30_000).unref();
  });
  try {
    await listening;
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  // It announces the port just before it listens.
  const url = `http://127.0.0.1:${port}/mcp`;
  for (let i = 0; i < 200; i++) {
    const answered = await fetch(url, { method: 'GET' }).then(() => true, () => false);
    if (answered) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return { url, pid: child.pid ?? 0, version, stop: () => stopChild(child) };
}
