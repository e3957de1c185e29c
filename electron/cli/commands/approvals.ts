import type { Command } from 'commander';
import { printJson, table } from '../output';
import type { Run } from '../runner';
import { connectRunningApp } from '../running-app';

export function registerApprovals(program: Command, run: Run): void {
  const approvals = program.command('approvals').description('calls waiting for your approval in the running app: list, allow, deny');

  approvals
    .command('list')
    .description('calls waiting for a decision')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const list = await (await connectRunningApp(ctx.dataDir)).call('listApprovals', {});
        if (options.json) return printJson(ctx.output, list);
        if (list.length === 0) return ctx.output.out('Nothing is waiting for approval.');
        const now = Date.now();
        const rows = list.map((a) => [a.id, a.agent, a.kind, `${a.server} ${a.tool}`, a.tier, `${Math.max(0, Math.round((a.expiresAt - now) / 1000))}s`]);
        for (const line of table([['ID', 'AGENT', 'KIND', 'CALL', 'TIER', 'EXPIRES IN'], ...rows])) ctx.output.out(line);
      }),
    );

  approvals
    .command('allow <id>')
    .description('let the call go through')
    .option('--remember', 'always allow this tool for this agent (tool calls only)')
    .action((id: string, options: { remember?: boolean }) =>
      run(async (ctx) => {
        await (await connectRunningApp(ctx.dataDir)).call('decideApproval', { id, decision: 'allow', remember: options.remember ?? false });
        ctx.output.out(options.remember ? `Allowed ${id}, and from now on for this agent and tool.` : `Allowed ${id}.`);
      }),
    );

  approvals
    .command('deny <id>')
    .description('refuse the call')
    .action((id: string) =>
      run(async (ctx) => {
        await (await connectRunningApp(ctx.dataDir)).call('decideApproval', { id, decision: 'deny' });
        ctx.output.out(`Denied ${id}.`);
      }),
    );
}
