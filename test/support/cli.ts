import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'bin', 'connected-services.mjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A new, empty data folder (0700), as one a person made: `--home` names a folder it makes itself only with a note (cli-home-folder.test.ts). */
export function tempHome(prefix = 'cs-home-'): string {
  const home = join(mkdtempSync(join(tmpdir(), prefix)), 'home');
  mkdirSync(home, { mode: 0o700 });
  return home;
}

/** A new data folder whose mcp.json holds `config` as given (mode 600), for tests of what a file says. */
export function homeWithConfig(config: string, prefix = 'cs-config-'): string {
  const home = tempHome(prefix);
  writeFileSync(join(home, 'mcp.json'), config, { mode: 0o600 });
  return home;
}

/** Runs a node script to its end with a bounded time: its exit code and everything it printed. */
export function runNode(
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number; what?: string; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'], ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.what ?? args.join(' ')} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 25_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Runs the real CLI as a person would, with a bounded time. */
export function runCli(home: string, args: string[], options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  return runNode([CLI, '--home', home, ...args], {
    env: { ...process.env, ...options.env },
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    what: `connected-services ${args.join(' ')}`,
  });
}
