/**
 * What connecting Claude Code costs with a busy `~/.claude.json` (test/support/claude-json.ts):
 * reading it, planning the entry (parse, edit, diff) and writing it back with its backup, in time
 * and peak memory. One size per process, so each peak is its own:
 * `node --import tsx test/bench/claude-json.ts 40` (MiB; the figures quoted in client-file.ts). It
 * fails (exit 1) when connecting takes more than 7 MB of memory per MiB of file above its baseline:
 * 6.1 with the file compared, hashed and backed up as bytes (126 MiB: 898 MB), 8.1 before (1,154 MB).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyChange, planChange } from '../../electron/app/client-setup/client-writer';
import { readClientFile } from '../../electron/app/client-setup/client-file';
import { busyClaudeJson } from '../support/claude-json';

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const MAX_MB_PER_MIB = 7;
const entry = { container: 'mcpServers' as const, entry: { type: 'http', url: 'http://127.0.0.1:47781/mcp' } };

/** In a process of its own, which has not made the file: its peak is the connection's. */
async function measure(home: string, mib: number): Promise<void> {
  const file = path.join(home, '.claude.json');
  const baseline = process.memoryUsage().rss;
  const t0 = performance.now();
  await readClientFile(file, home);
  const t1 = performance.now();
  const change = await planChange('claude-code', 'bench', { connect: entry, secrets: [] }, { home, platform: 'linux', env: {} });
  const t2 = performance.now();
  await applyChange(change, change.plan.base, Date.now());
  const t3 = performance.now();
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(
    JSON.stringify({ mib, readMs: Math.round(t1 - t0), planMs: Math.round(t2 - t1), applyMs: Math.round(t3 - t2), baselineRssMb: mb(baseline), peakRssMb: mb(peak), aboveBaselineMb: mb(peak - baseline) }),
  );
  if (mb(peak - baseline) > MAX_MB_PER_MIB * mib) {
    console.error(`connecting took ${mb(peak - baseline)} MB above its baseline, over ${MAX_MB_PER_MIB} MB per MiB of file`);
    process.exitCode = 1;
  }
}

const [size, home] = process.argv.slice(2);
const mib = Number(size ?? 40);
if (home !== undefined) {
  void measure(home, mib);
} else {
  const made = mkdtempSync(path.join(tmpdir(), 'cs-bench-claude-'));
  writeFileSync(path.join(made, '.claude.json'), busyClaudeJson(mib * 1024 * 1024));
  const measured = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', String(mib), made], { stdio: 'inherit' });
  rmSync(made, { recursive: true, force: true });
  process.exitCode = measured.status ?? 1;
}
