import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { HttpServerConfig } from '../../shared/config';
import { RELATED_ASKS_SERVER, ROOT } from '../fixtures/servers/config';
import { tsEntry } from './ts-entry';

export interface RelatedAsksHttp {
  /** The pool entry that reaches it. */
  config: HttpServerConfig;
  /** Closes its stdin, on which it exits. */
  stop(): void;
}

/** Our related-asks server (test/fixtures/servers/related-asks-server.ts) over Streamable HTTP, in a process of its own on 127.0.0.1. */
export async function startRelatedAsksHttp(): Promise<RelatedAsksHttp> {
  const started = spawn(process.execPath, [...tsEntry(RELATED_ASKS_SERVER), 'http'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the HTTP fixture did not start')), 20_000);
    createInterface({ input: started.stdout }).once('line', (first) => {
      clearTimeout(timer);
      resolve(first);
    });
    started.once('exit', (code) => reject(new Error(`the HTTP fixture exited with ${code}`)));
  });
  return { config: { type: 'http', url: (JSON.parse(line) as { url: string }).url }, stop: () => void started.stdin.end() };
}
