/**
 * Everyday commands against a bare `node -e 0`, in alternating rounds: `status`, `servers list` and
 * a cached `tools`, each run as a person runs it (the real bin), on a data folder with the demo
 * servers configured and their inventories cached (no server spawns).
 */
import { execFileSync } from 'node:child_process';
import { CLI, tempHome } from '../support/cli';
import { check, ratioSpread, spread, type Row } from './report';

export interface CommandsOptions {
  /** Runs of each command (and of the baseline before each); the median is the figure. */
  rounds: number;
}

const COMMANDS: Array<{ key: string; args: string[] }> = [
  { key: 'cmd-status', args: ['status'] },
  { key: 'cmd-servers-list', args: ['servers', 'list'] },
  { key: 'cmd-tools', args: ['tools'] },
];

/** Wall time of one run of node with these arguments; a failure stops the step with its stderr. */
function timed(args: string[]): number {
  const start = performance.now();
  try {
    execFileSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`node ${args.join(' ')} failed: ${stderr.trim() || String(error)}`);
  }
  return performance.now() - start;
}

export function benchCommands(options: CommandsOptions): Row[] {
  const home = tempHome('cs-bench-cmd-');
  // First run writes the demo servers and inventories each once; later `tools` read the cache.
  const first = execFileSync(process.execPath, [CLI, '--home', home, 'tools', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const tools = (JSON.parse(first) as unknown[]).length;
  if (tools === 0) throw new Error('the demo servers listed no tools: nothing cached to read');
  const rows: Row[] = [];
  for (const { key, args } of COMMANDS) {
    const base: number[] = [];
    const ours: number[] = [];
    timed([CLI, '--home', home, ...args]); // warm the file cache, as a second run in a shell would be
    for (let i = 0; i < options.rounds; i++) {
      base.push(timed(['-e', '0']));
      ours.push(timed([CLI, '--home', home, ...args]));
    }
    const ratio = ratioSpread(ours, base);
    rows.push({
      key,
      what: `\`${args.join(' ')}\`${key === 'cmd-tools' ? ` (cached, ${tools} tools)` : ''}, demo servers configured, no app running`,
      unit: 'ms',
      ours: spread(ours),
      baseline: spread(base),
      baselineLabel: '`node -e 0`',
      figure: ratio,
      figureUnit: 'x node -e 0',
      target: '<= 3x',
      status: check(ratio.median, '<=', 3),
    });
  }
  return rows;
}
