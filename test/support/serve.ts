import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CLI } from './cli';

export interface Served {
  child: ChildProcess;
  ui: string;
  origin: string;
  secret: string;
  bridge: string | null;
  /** The pid of the app serving this home (another process's when alreadyRunning). */
  pid: number;
  /** This serve found another already running for the home, said so and exited. */
  alreadyRunning: boolean;
  /** Everything serve wrote to stderr so far. */
  stderr(): string;
  /** Calls the App API over HTTP with the per-run secret. */
  api(method: string, input?: unknown): Promise<{ status: number; body: { result?: unknown; error?: { code: string; message: string } } }>;
  stop(): Promise<number | null>;
}

/** Starts `connected-services serve --json` (`cli`: another tree's bin, for A/B scripts) and waits for its ready line. */
export async function startServe(home: string, args: string[] = [], env: Record<string, string> = {}, cli = CLI): Promise<Served> {
  const child = spawn(process.execPath, [cli, '--home', home, 'serve', '--port', '0', '--bridge-port', '0', '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not get ready: ${stderr}`)), 20_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const ready = JSON.parse(first) as { ui: string | null; origin?: string; bridge: string | null; pid: number; alreadyRunning?: true };
  // Another serve already ran for this home: its line names that one's origin, and no UI address.
  const url = new URL(ready.ui ?? `${ready.origin ?? ''}/`);
  // The per-run secret rides in the fragment (`/#token=…`), which a browser never sends to a server.
  const secret = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
  return {
    child,
    ui: ready.ui ?? '',
    origin: url.origin,
    pid: ready.pid,
    alreadyRunning: ready.alreadyRunning === true,
    secret,
    bridge: ready.bridge,
    stderr: () => stderr,
    api: appApi(url.origin, secret),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A widening asked from the command line while serve runs waits for the person (exit 4, the request's
 * id in the hint): confirms it as the person through the web UI's secret and returns what it answered.
 */
export async function confirmAsPerson(served: Served, cli: { code: number | null; stderr: string }): Promise<unknown> {
  const id = /Request (c-[0-9a-f]+)/.exec(cli.stderr)?.[1];
  if (cli.code !== 4 || id === undefined) throw new Error(`expected a request waiting for confirmation (exit 4), got ${cli.code}: ${cli.stderr}`);
  const answer = await served.api('decideConfirmation', { id, decision: 'confirm' });
  const body = answer.body.result as { outcome: string; result?: unknown; error?: string } | undefined;
  if (body?.outcome !== 'confirmed') throw new Error(`confirming ${id} failed: ${JSON.stringify(answer.body)}`);
  return body.result;
}

/** Polls until check returns a value (bounded), for state that changes on its own (file watch). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The App API of a running `serve` at `origin`, called with the UI's per-run secret. */
export function appApi(origin: string, secret: string): Served['api'] {
  return async (method, input = {}) => {
    const response = await fetch(`${origin}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as { result?: unknown; error?: { code: string; message: string } } };
  };
}
