import type { Command } from 'commander';
import { printJson } from '../output';
import type { Run } from '../runner';

const MARK = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;

export function registerDoctor(program: Command, run: Run): void {
  program
    .command('doctor')
    .description('check the setup: programs on PATH, config, data directory, ports, every server')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const checks = await (await ctx.core()).api.doctor({});
        if (options.json) printJson(ctx.output, checks);
        else {
          for (const check of checks) {
            const [first = '', ...rest] = check.detail.split('\n');
            ctx.output.out(`${MARK[check.status]}  ${check.title}: ${first}`);
            for (const line of rest) ctx.output.out(`        ${line}`);
            if (check.fix && check.status !== 'ok') ctx.output.out(`        fix: ${check.fix}`);
          }
        }
        return checks.some((c) => c.status === 'fail') ? 1 : 0;
      }),
    );
}
