import { spawn, type ChildProcess } from 'node:child_process';
import { EVERYTHING } from '../fixtures/servers/config';
import { freePort } from './ports';

/** server-everything in its Streamable HTTP mode on a free port (it listens on PORT), once it says it listens. The caller kills it. */
export async function everythingOverHttp(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { PATH: process.env['PATH'] ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server-everything (HTTP) did not start')), 15_000);
      child.stderr.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening on port')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
    });
  } catch (error) {
    child.kill();
    throw error;
  }
  return { child, url: `http://127.0.0.1:${port}/mcp` };
}
