import type { Command } from 'commander';
import type { DoctorCheck } from '../../../shared/api';
import { probeApp, unreachableAppCheck } from '../../app';
import { printJson } from '../output';
import type { Run } from '../runner';
import { connectRunningApp } from '../running-app';

const MARK = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;
const SERVER_TITLE = 'Server ';
const LIVE_NOTE = 'Servers were checked without starting them: `connected-services doctor --live` also talks to each once (initialize, tools/list).';

export function registerDoctor(program: Command, run: Run): void {
  program
    .command('doctor')
    .description('check the setup: programs on PATH, config, secrets, data directory, ports, every server')
    .option('--live', 'also talk to every enabled server once (initialize, tools/list) and say which would fail now')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean; live?: boolean }) =>
      run(async (ctx) => {
        const live = options.live === true;
        // One look at runtime.json: whether an app answers, and what the port checks report on.
        const probed = await probeApp(ctx.dataDir);
        const app = probed.live;
        // An app that holds the folder but cannot be reached is what doctor reports, not a refusal.
        const unreachable = app ? undefined : await unreachableAppCheck(ctx.dataDir, process.platform);
        // Live checks go through the running app's pool when there is one: its servers, its tokens, no second copy.
        const checks: DoctorCheck[] = unreachable
          ? [unreachable]
          : app && live
            ? await (await connectRunningApp(ctx.dataDir, app)).call('doctor', { live })
            : await (await ctx.core({ probed })).api.doctor(live ? { live } : {});
        if (options.json) printJson(ctx.output, checks);
        else {
          for (const check of checks) {
            const [first = '', ...rest] = check.detail.split('\n');
            ctx.output.out(`${MARK[check.status]}  ${check.title}: ${first}`);
            for (const line of rest) ctx.output.out(`        ${line}`);
            if (check.fix && check.status !== 'ok') ctx.output.out(`        fix: ${check.fix}`);
          }
          // "ok" for a server says its command or address is there, not that it answers MCP.
          if (!live && checks.some((check) => check.title.startsWith(SERVER_TITLE))) ctx.output.err(LIVE_NOTE);
        }
        return checks.some((c) => c.status === 'fail') ? 1 : 0;
      }),
    );
}
