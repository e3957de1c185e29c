import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './cli';
import { tsEntry } from './ts-entry';

export interface Stack {
  issuer: string;
  mcpUrl: string;
}

/** The `--open-with` command that plays the person in the browser (signs in and consents). */
export const BROWSER = [process.execPath, ...tsEntry(join(ROOT, 'test', 'fixtures', 'oauth', 'open-with-browser.ts'))].join(' ');

/** The real authorization server and protected MCP server, as a separate process. */
export async function startStack(options: object = {}): Promise<{ stack: Stack; child: ChildProcess }> {
  const child = spawn(process.execPath, [...tsEntry(join(ROOT, 'test', 'fixtures', 'oauth', 'serve.ts')), JSON.stringify(options)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`OAuth fixtures exited with ${code}`)));
  });
  return { stack: JSON.parse(line) as Stack, child };
}
