import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { cliBuildOptions } from '../../build/cli-bundle.mjs';
import { ROOT } from '../fixtures/servers/config';

export interface Usage {
  cpuUs: number;
  gcUs?: number;
}

export interface BenchProcess {
  url: string;
  /** Its process id (its children are the servers it started). */
  pid: number;
  /** The agent token, for a bridge. */
  token?: string;
  /** Its CPU time so far and, of that, its garbage collection pauses, µs. */
  usage(): Promise<Usage>;
  /** The JSON answer to one line on its stdin (a bridge's `promoted`, bridge-process.ts). */
  ask(line: string): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The fixture bundled as `serve` is (build/cli-bundle.mjs: the SDK and zod inlined, minified), so the
 * process in the middle runs as people run the app, not under tsx's on-the-fly transpilation.
 */
async function bundle(script: string): Promise<{ file: string; outdir: string }> {
  // Inside the project, so the packages left external resolve from its node_modules.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'bench-bundle-'));
  const name = basename(script).replace(/\.ts$/, '');
  const options = cliBuildOptions({ bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', absWorkingDir: ROOT }, outdir);
  // Profiling (BENCH_NODE_ARGS with --cpu-prof): names kept, so a profile reads as the source does.
  const profiling = (process.env['BENCH_NODE_ARGS'] ?? '').includes('--cpu-prof');
  await build({ ...options, entryPoints: { [name]: script }, metafile: false, ...(profiling && { minify: false }) });
  return { file: join(outdir, `${name}.mjs`), outdir };
}

/**
 * A fixture process that prints `{ "url", "token"? }` when ready, answers `cpu` on stdin with
 * `{ "cpuUs", "gcUs" }` and stops when stdin closes (bridge-process.ts, http-relay.ts).
 */
export async function startBenchProcess(script: string, env: Record<string, string>): Promise<BenchProcess> {
  const { file, outdir } = await bundle(script);
  // BENCH_NODE_ARGS: node flags for the process in the middle, e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile a bridge row.
  const nodeArgs = (process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...nodeArgs, file], { cwd: ROOT, env: { ...process.env, ...env } });
  child.stderr.resume();
  const lines = createInterface({ input: child.stdout });
  // Each wait removes its exit listener once answered: a bench asks for usage thousands of times.
  const nextLine = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const exited = (code: number | null): void => reject(new Error(`${script} exited (${String(code)})`));
      child.once('exit', exited);
      lines.once('line', (line) => {
        child.off('exit', exited);
        resolve(line);
      });
    });
  const ready = JSON.parse(await nextLine()) as { url: string; token?: string };
  const started: BenchProcess = {
    url: ready.url,
    pid: child.pid ?? 0,
    usage: async () => {
      const answer = nextLine();
      child.stdin.write('cpu\n');
      return JSON.parse(await answer) as Usage;
    },
    ask: async (line) => {
      const answer = nextLine();
      child.stdin.write(`${line}\n`);
      return JSON.parse(await answer) as unknown;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
      rmSync(outdir, { recursive: true, force: true });
    },
  };
  if (ready.token !== undefined) started.token = ready.token;
  return started;
}
