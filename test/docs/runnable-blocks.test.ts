import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docPages, parseFences, readPage, ROOT } from './markdown';

/**
 * The shell blocks the pages mark as runnable (```sh runnable) run as written, as a new user would run
 * them: each page in a fresh data directory, its blocks in order, `connected-services` being the built
 * CLI (bin/connected-services.mjs). Only blocks that need no network and no browser are so marked.
 */
const MARKER = /^(sh|bash|shell)\s+runnable\b/;
const BLOCK_TIMEOUT_MS = 60_000;

const scratch = mkdtempSync(join(tmpdir(), 'docs-blocks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Ran {
  code: number | null;
  output: string;
}

function runBlock(script: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const bin = join(ROOT, 'bin', 'connected-services.mjs');
    const prelude = `set -e\nconnected-services() { "${process.execPath}" "${bin}" "$@"; }\n`;
    const child = spawn('bash', ['-c', prelude + script], { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      output += `\n[killed after ${BLOCK_TIMEOUT_MS / 1000} s]`;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, BLOCK_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const pages = docPages()
  .map((page) => ({ page, blocks: parseFences(readPage(page)).fences.filter((fence) => MARKER.test(fence.info)) }))
  .filter(({ blocks }) => blocks.length > 0);

describe('runnable shell blocks in README.md and docs/', () => {
  it('finds the blocks the pages mark', () => {
    expect(pages.map(({ page }) => page)).toContain('README.md');
  });

  it('README.md says how to type `connected-services` in a clone before its first example does', () => {
    const { fences } = parseFences(readPage('README.md'));
    const first = fences.find((fence) => /^\s*connected-services /m.test(fence.body));
    expect(first).toBeDefined();
    // Nothing puts the command on PATH in a clone: a new user typing it as written gets "command not found".
    const before = readPage('README.md').split('\n').slice(0, (first?.line ?? 1) - 1).join(' ');
    expect(before).toMatch(/examples write it as `connected-services`: in a clone[^.]*type `npx connected-services`/);
  });

  for (const { page, blocks } of pages) {
    it(`${page}: every runnable block exits 0`, { timeout: BLOCK_TIMEOUT_MS * blocks.length + 10_000 }, async () => {
      const dir = join(scratch, page.replace(/[^A-Za-z0-9]+/g, '-'));
      mkdirSync(join(dir, 'user'), { recursive: true });
      const env: NodeJS.ProcessEnv = {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: join(dir, 'user'),
        LANG: 'C.UTF-8',
        // A data directory of its own, created by the first command as on a first run.
        CONNECTED_SERVICES_HOME: join(dir, 'home'),
        // No keychain here: the vault's key from a passphrase, so secrets outlive one command.
        CONNECTED_SERVICES_VAULT_PROVIDER: 'passphrase',
        CONNECTED_SERVICES_PASSPHRASE: 'runnable blocks of the docs',
      };
      for (const block of blocks) {
        const { code, output } = await runBlock(block.body, env);
        expect(code, `${page}:${block.line}: the block exited ${code}:\n${block.body}\n--- output ---\n${output}`).toBe(0);
      }
    });
  }
});
