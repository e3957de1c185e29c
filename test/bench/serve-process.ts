/**
 * The real `serve --json` in a child process, and data folders for it: `count` copies of the demo
 * server-everything with their inventories cached (so nothing spawns until a call), approved, and
 * an agent allowed everything.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CLI, tempHome } from '../support/cli';
import { startServe as startServed, type ServeStartOptions } from '../support/serve';

export interface BenchHome {
  home: string;
  /** Server names, service01… */
  servers: string[];
  /** Token of the agent `bench` (every server, every tier allowed). */
  agentToken: string;
}

function cli(home: string, args: string[]): string {
  try {
    return execFileSync(process.execPath, [CLI, '--home', home, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`connected-services ${args.join(' ')} failed: ${stderr.trim() || String(error)}`);
  }
}

export function serverName(i: number): string {
  return `service${String(i).padStart(2, '0')}`;
}

/** A data folder with `count` copies of server-everything configured, cached and approved. */
export function homeWithServers(count: number): BenchHome {
  const home = tempHome('cs-bench-');
  // First run writes the (approved) demo servers; `tools` inventories server-everything once.
  cli(home, ['tools', 'everything', '--json']);
  const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
  const approvals = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { version: number; approvals: Array<{ name: string }> };
  const template = config.mcpServers['everything'];
  const approval = approvals.approvals.find((a) => a.name === 'everything');
  if (template === undefined || approval === undefined) throw new Error(`the first run of ${home} wrote no approved "everything" server`);
  const cache = readFileSync(join(home, 'cache', 'inventory', 'everything.json'), 'utf8');
  const servers: Record<string, unknown> = {};
  const names: string[] = [];
  for (let i = 1; i <= count; i++) {
    const name = serverName(i);
    names.push(name);
    servers[name] = template;
    writeFileSync(join(home, 'cache', 'inventory', `${name}.json`), cache.replaceAll('"everything"', JSON.stringify(name)));
  }
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  // The approval is of the command line, the same for every copy.
  writeFileSync(join(home, 'approvals.json'), JSON.stringify({ ...approvals, approvals: names.map((name) => ({ ...approval, name })) }, null, 2));
  const added = JSON.parse(cli(home, ['agents', 'add', 'bench', '--servers', '*', '--policy', 'read=allow,write=allow,destructive=allow', '--json'])) as { token?: string };
  if (typeof added.token !== 'string') throw new Error('`agents add --json` printed no token');
  return { home, servers: names, agentToken: added.token };
}

export interface ServeProcess {
  child: ChildProcess;
  pid: number;
  /** The web UI's origin and per-run secret, from the address in the ready line. */
  origin: string;
  uiSecret: string;
  bridgeUrl: string;
  /** An App API call; throws a clear error on any failure. */
  api<T>(method: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The first stdout line of a child; on its exit first, an error quoting its stderr. */
export function readyLine(child: ChildProcess, what: string): Promise<string> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error(`${what}: no stdout`));
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code, signal) => reject(new Error(`${what} exited (${String(code ?? signal)}) before it was ready: ${stderr.trim().slice(-500)}`)));
    child.once('error', (error) => reject(new Error(`${what} did not start: ${error.message}`)));
  });
}

/** Polls `/health` until it answers 200 (bounded: 30 s). */
export async function waitHealthy(origin: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`${origin}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${origin}/health did not answer 200 within 30 s`);
}

/**
 * `serve --json` (test/support/serve.ts). The web UI's session is the one the printed address was
 * traded for, which stays valid whatever runtime.json holds. `cli`: another tree's entry (A/B).
 * `ready`: awaited once the ready line is read, before the sign-in requests (start-up is timed there).
 */
export async function startServe(home: string, cli?: string, ready?: ServeStartOptions['ready']): Promise<ServeProcess> {
  const served = await startServed(home, [], {}, cli, { browserLink: false, ...(ready ? { ready } : {}) });
  try {
    if (served.secret === '') throw new Error(`the UI address printed by serve carries no #token= (${served.origin}/…)`);
    const bridgeUrl = served.bridge;
    if (bridgeUrl === null) throw new Error('serve printed no bridge address');
    return {
      child: served.child,
      pid: served.child.pid ?? 0,
      origin: served.origin,
      uiSecret: served.secret,
      bridgeUrl,
      api: async <T>(method: string, input: unknown = {}): Promise<T> => {
        const { status, body } = await served.api(method, input).catch((error: unknown) => {
          throw new Error(`App API ${method} failed: ${error instanceof Error ? error.message : String(error)}`);
        });
        if (status !== 200 || body.result === undefined) {
          throw new Error(`App API ${method} answered HTTP ${status}: ${body.error ? `${body.error.code}: ${body.error.message}` : 'no result'}`);
        }
        return body.result as T;
      },
      stop: () => stopChild(served.child),
    };
  } catch (error) {
    await stopChild(served.child);
    throw error;
  }
}
