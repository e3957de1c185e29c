/**
 * What disconnecting Claude Code costs with a busy `~/.claude.json` (test/support/claude-json.ts) that
 * holds the entry: planning the removal, writing it with its backup, and scrubbing the backups, in
 * time and peak memory. `node --import tsx test/bench/claude-json-disconnect.ts 128` (MiB) makes the
 * file and connects first, then measures the disconnect in a process of its own. It fails (exit 1)
 * when the disconnect takes more than 7 MB of memory per MiB of file above its baseline: 6.2 when
 * the file is compared, hashed and backed up as bytes (126 MiB: 904 MB), 8.2 when it was held as text
 * three times (1,149 MB), 9.9 when it was parsed whole (1,384 MB).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scrubClientBackups } from '../../electron/app/client-setup/client-backups';
import { applyChange, planChange } from '../../electron/app/client-setup/client-writer';
import { busyClaudeJson } from '../support/claude-json';

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const MAX_MB_PER_MIB = 7;
const entry = { container: 'mcpServers' as const, entry: { type: 'http', url: 'http://127.0.0.1:47781/mcp' } };

async function connect(home: string): Promise<void> {
  const change = await planChange('claude-code', 'bench', { connect: entry, secrets: [] }, { home, platform: 'linux', env: {} });
  await applyChange(change, change.plan.base, Date.now() - 60_000);
}

async function disconnect(home: string, mib: number): Promise<void> {
  const baseline = process.memoryUsage().rss;
  const t0 = performance.now();
  const context = { home, platform: 'linux' as const, env: {} };
  const change = await planChange('claude-code', 'bench', { remove: true }, context);
  await applyChange(change, change.plan.base, Date.now());
  const t1 = performance.now();
  await scrubClientBackups(context);
  const t2 = performance.now();
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ mib, removeMs: Math.round(t1 - t0), scrubMs: Math.round(t2 - t1), baselineRssMb: mb(baseline), peakRssMb: mb(peak) }));
  if (mb(peak - baseline) > MAX_MB_PER_MIB * mib) {
    console.error(`disconnect took ${mb(peak - baseline)} MB above its baseline, over ${MAX_MB_PER_MIB} MB per MiB of file`);
    process.exitCode = 1;
  }
}

const [size, home, step] = process.argv.slice(2);
const mib = Number(size ?? 128);
if (home !== undefined) {
  void (step === 'connect' ? connect(home) : disconnect(home, mib));
} else {
  const made = mkdtempSync(path.join(tmpdir(), 'cs-bench-claude-'));
  writeFileSync(path.join(made, '.claude.json'), busyClaudeJson(mib * 1024 * 1024));
  const script = process.argv[1] ?? '';
  spawnSync(process.execPath, [...process.execArgv, script, String(mib), made, 'connect'], { stdio: 'inherit' });
  const measured = spawnSync(process.execPath, [...process.execArgv, script, String(mib), made, 'disconnect'], { stdio: 'inherit' });
  rmSync(made, { recursive: true, force: true });
  process.exitCode = measured.status ?? 1;
}
