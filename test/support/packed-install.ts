import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../fixtures/servers/config';

/** npm as a person runs it, without what an outer `npm test` put in the environment. */
function npm(args: string[], cwd: string, timeoutMs: number): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return execFileSync('npm', args, { cwd, env, encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Packs this repository as npm would publish it (dist/ is already built by the tests' global setup,
 * so no prepack build) and installs the tarball into a new, empty project folder. Dependencies come
 * from npm's cache where it has them, else the registry.
 */
export function installPacked(): { dir: string; tarball: string } {
  const packDir = mkdtempSync(join(tmpdir(), 'cs-pack-'));
  npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', packDir], ROOT, 120_000);
  const name = readdirSync(packDir).find((file) => file.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack wrote no tarball to ${packDir}`);
  const tarball = join(packDir, name);
  const dir = mkdtempSync(join(tmpdir(), 'cs-embed-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'embedding-runtime', private: true, type: 'module' }));
  npm(['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], dir, 240_000);
  return { dir, tarball };
}

/** A node script of the embedding project, read a JSON line at a time as it prints them. */
export interface LineReader {
  child: ChildProcess;
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Whether a line is waiting unread (the script got past where it should wait). */
  pending(): number;
  stderr(): string;
}

export function runScript(dir: string, script: string, args: string[], env: Record<string, string>): LineReader {
  const child = spawn(process.execPath, [join(dir, script), ...args], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  return {
    child,
    pending: () => lines.length,
    stderr: () => stderr,
    next: (timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const line = lines.shift();
        if (line !== undefined) return resolve(JSON.parse(line) as Record<string, unknown>);
        const timer = setTimeout(() => reject(new Error(`${script} printed nothing in time; stderr: ${stderr}`)), timeoutMs);
        waiters.push((l) => {
          clearTimeout(timer);
          resolve(JSON.parse(l) as Record<string, unknown>);
        });
      }),
  };
}
