import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from '../fixtures/servers/config';

export interface BenchProcess {
  url: string;
  /** The agent token, for a bridge. */
  token?: string;
  /** Its CPU time so far, µs. */
  cpuUs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A fixture process that prints `{ "url", "token"? }` when ready, answers `cpu` on stdin with
 * `{ "cpuUs" }` and stops when stdin closes (bridge-process.ts, http-relay.ts).
 */
export async function startBenchProcess(script: string, env: Record<string, string>): Promise<BenchProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env } });
  child.stderr.resume();
  const lines = createInterface({ input: child.stdout });
  const nextLine = (): Promise<string> =>
    new Promise((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`${script} exited (${String(code)})`)));
    });
  const ready = JSON.parse(await nextLine()) as { url: string; token?: string };
  const started: BenchProcess = {
    url: ready.url,
    cpuUs: async () => {
      const answer = nextLine();
      child.stdin.write('cpu\n');
      return (JSON.parse(await answer) as { cpuUs: number }).cpuUs;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
  if (ready.token !== undefined) started.token = ready.token;
  return started;
}
