import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { CLI } from './cli';

export interface Served {
  child: ChildProcess;
  /** The data folder serve was started for (`--home`). */
  home: string;
  /** An unused sign-in address, for a browser (the printed one was traded for `secret`). */
  ui: string;
  /** The one-time secret of `ui`. */
  link: string;
  /** The address serve printed when ready, already traded for `secret`. */
  printed: string;
  origin: string;
  /** The session secret the printed address was traded for: the person's App API credential. */
  secret: string;
  bridge: string | null;
  /** The pid of the app serving this home (another process's when alreadyRunning). */
  pid: number;
  /** This serve found another already running for the home, said so and exited. */
  alreadyRunning: boolean;
  /** Everything serve wrote to stderr so far. */
  stderr(): string;
  /** Has serve show a new sign-in address (as `serve --ui-link` does) and returns it. */
  newLink(): Promise<string>;
  /** The next line serve writes to stdout (listen before causing it). */
  nextLine(): Promise<string>;
  /** Calls the App API over HTTP with the session secret. */
  api(method: string, input?: unknown): Promise<{ status: number; body: { result?: unknown; error?: { code: string; message: string } } }>;
  stop(): Promise<number | null>;
}

export interface ServeStartOptions {
  /** Awaited as soon as the ready line is read, before any sign-in request: a benchmark times start-up here. */
  ready?: (origin: string, pid: number) => Promise<void>;
  /** Have serve show an unused address for a browser (default true); benchmarks need none. */
  browserLink?: boolean;
  /** The folder serve runs in (default this process's): a relative path sent to the app must not depend on it. */
  cwd?: string;
}

/** Starts `connected-services serve --json` and waits for its ready line (`cli`: another tree's, for A/B benchmarks). */
export async function startServe(home: string, args: string[] = [], env: Record<string, string> = {}, cli = CLI, options: ServeStartOptions = {}): Promise<Served> {
  const child = spawn(process.execPath, [cli, '--home', home, 'serve', '--port', '0', '--bridge-port', '0', '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const lines = createInterface({ input: child.stdout });
  const first = await nextLine(lines, child, () => `serve did not get ready: ${stderr}`);
  const ready = JSON.parse(first) as { ui: string | null; origin?: string; bridge: string | null; pid: number; alreadyRunning?: true };
  // Another serve already ran for this home: its line names that one's origin, and no UI address.
  const url = new URL(ready.ui ?? `${ready.origin ?? ''}/`);
  await options.ready?.(url.origin, ready.pid);
  // The printed address is a one-time link; the test's App API calls go with the session it is traded for.
  // Another tree's serve (A/B benchmarks) may predate the sign-in trade: its printed secret is the session.
  const older = cli !== CLI && ready.ui !== null && (await fetch(`${url.origin}/api/session`, { method: 'POST' })).headers.has('www-authenticate');
  const secret = ready.ui === null ? '' : older ? linkOf(ready.ui) : await signIn(url.origin, linkOf(ready.ui));
  const newLink = async (): Promise<string> => {
    const runtime = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { secret: string };
    const shown = nextLine(lines, child, () => `serve showed no new address: ${stderr}`);
    const ask = () => fetch(`${url.origin}/api/ui-link`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${runtime.secret}` }, body: '{}' });
    let asked = await ask();
    // The command line's addresses are rate-limited (two at once, then one per 10 s): wait as told, as a person would.
    for (let tries = 0; asked.status === 429 && tries < 3; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, Number(asked.headers.get('retry-after') ?? '10') * 1000));
      asked = await ask();
    }
    if (asked.status !== 200) throw new Error(`ui-link refused: HTTP ${asked.status} ${await asked.text()}`);
    return (JSON.parse(await shown) as { ui: string }).ui;
  };
  // A browser needs an unused address of its own, shown by serve as `serve --ui-link` has it do.
  const ui = ready.ui === null || older || options.browserLink === false ? (ready.ui ?? '') : await newLink();
  return {
    child,
    home,
    ui,
    link: ui === '' ? '' : linkOf(ui),
    printed: ready.ui ?? '',
    newLink,
    nextLine: () => nextLine(lines, child, () => `serve wrote no line: ${stderr}`),
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

/** The next line serve writes to stdout (bounded). */
function nextLine(lines: Interface, child: ChildProcess, why: () => string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`serve exited with ${code}: ${why()}`));
    const timer = setTimeout(() => reject(new Error(why())), 20_000);
    child.once('exit', exited);
    lines.once('line', (line) => {
      clearTimeout(timer);
      child.off('exit', exited);
      resolve(line);
    });
  });
}

/** The one-time secret in a sign-in address's fragment (`/#token=…`), which a browser never sends to a server. */
export function linkOf(address: string): string {
  return new URLSearchParams(new URL(address).hash.slice(1)).get('token') ?? '';
}

/** Trades a sign-in link for a session secret, as the page does. */
export async function signIn(origin: string, link: string): Promise<string> {
  const response = await fetch(`${origin}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link }) });
  const body = (await response.json()) as { session?: string };
  if (response.status !== 200 || body.session === undefined) throw new Error(`sign-in refused: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.session;
}

/** The App API of a running `serve` at `origin`, called with a session secret of the UI. */
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
