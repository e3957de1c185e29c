import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli';
import { tsEntry } from '../support/ts-entry';

/** Every row of issue 18's table (and the tools listing), by its key in the bench's summary. */
const ROWS = ['throughput', 'latency', 'throughput-2026', 'latency-2026', 'cpu-2026', 'mcp-proxy', 'agent-start', 'agent-start-2026', 'memory-shared', 'memory-idle', 'serve-start', 'tools-listing', 'idle-rss', 'refresh-storm', 'cmd-status', 'cmd-servers-list', 'cmd-tools', 'search-recall5', 'search-recall1', 'search-mrr10', 'search-nothing-fits', 'search-heldout-recall5', 'search-heldout-recall1', 'search-heldout-nothing-fits', 'search-heldout-paraphrase', 'search-heldout-none', 'search-p95', 'list-found-fresh', 'list-found-permission', 'list-found-working', 'auto-bound-40'];

function runQuickBench(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsEntry(join(ROOT, 'test', 'bench', 'run.ts')), '--quick'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 290_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * `npm run bench -- --quick`: the bench in a short form (a few hundred calls, one round, targets
 * not enforced), so that a change that breaks a bench step fails CI instead of the next full run.
 */
describe('bench --quick', () => {
  it('runs every step and prints a number for every row', { timeout: 300_000 }, async () => {
    const { code, stdout, stderr } = await runQuickBench();
    expect(stdout, stderr.slice(-2000)).not.toContain('STEP FAILED');
    expect(code, stdout.slice(-3000)).toBe(0);
    const summary = new Map(
      stdout
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .map((line) => line.split(' | ').map((cell) => cell.trim()))
        .map((cells) => [cells[0]?.replace(/^\| /, '') ?? '', cells] as const),
    );
    for (const key of ROWS) {
      const cells = summary.get(key);
      expect(cells, `row ${key} missing from the summary`).toBeDefined();
      // figure, ours, baseline: each starts with a finite number.
      for (const cell of cells?.slice(2, 5) ?? []) expect(cell, `row ${key}`).toMatch(/^\d[\d,]*(\.\d+)?(x| |$)/);
    }
    // The bridge rows are steady-state figures; what the first calls after start get is printed beside them.
    expect(stdout).toMatch(/the first [\d,]+ calls after start \(warm-up, not in the figure\): bridge \d+, relay \d+ calls\/s, \d+\.\d+x/);
    // Collection pauses of the process in the middle, from our fixtures (a Map that kept calls alive showed here).
    expect(stdout).toMatch(/CPU µs per call in the middle: bridge \d+, relay \d+, of which garbage collection pauses \d+\.\d and \d+\.\d;/);
    // The wakeups a one-at-a-time call costs, beside direct stdio's (/proc, Linux only).
    if (process.platform === 'linux') expect(stdout).toMatch(/\d+\.\d\d context switches per call \(the agent's, bridge's and server's threads; direct stdio \d+\.\d\d\)/);
  });
});
