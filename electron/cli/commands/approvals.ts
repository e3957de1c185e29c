import type { Command } from 'commander';
import { whereCalled, type PendingApproval } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { table } from '../output';
import type { Run } from '../runner';
import { connectRunningApp } from '../running-app';
import { serverApprovalNote } from './server-approval-note';
import { confirmationsNote, decideHeldCall } from './held-call-decision';

/**
 * `approvals list` as a person reads it: one row per waiting call, then what each call would send
 * (its arguments pretty-printed as the app shows them: as sent, values we hold named; hidden
 * characters shown as escapes). No log pattern runs over them: consent is to what will be sent.
 */
export function approvalLines(list: readonly PendingApproval[], now: number): string[] {
  if (list.length === 0) return ['No call is waiting for approval.'];
  const rows = list.map((a) => [a.id, a.agent, a.kind, revealHidden(a.server === '' ? a.tool : `${a.server} ${a.tool}`), a.tier, `${Math.max(0, Math.round((a.expiresAt - now) / 1000))}s`]);
  const lines = table([['ID', 'AGENT', 'KIND', 'CALL', 'TIER', 'EXPIRES IN'], ...rows]);
  // Held whatever the policy says: the person reads why before anything else.
  for (const a of list) if (a.warning !== undefined) lines.push(revealHidden(`${a.id} WARNING: held because ${a.warning}; deny it unless you gave ${a.agent} that value`));
  for (const a of list) {
    if (a.arguments === undefined) continue;
    const json = revealHidden(JSON.stringify(a.arguments, null, 2), ['\n']);
    lines.push('', `${a.id} ${revealHidden(a.tool)}${whereCalled(a)}, ${a.kind === 'prompt' ? 'prompt arguments' : 'arguments'}:`, ...json.split('\n').map((l) => `  ${l}`));
  }
  return lines;
}

export function registerApprovals(program: Command, run: Run): void {
  const approvals = program.command('approvals').description('calls waiting for your approval in the running app: list, allow, deny');

  approvals
    .command('list')
    .description('calls waiting for a decision')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const app = await connectRunningApp(ctx.dataDir);
        const list = await app.call('listApprovals', {});
        // As the app shows them (values we hold named), in JSON too: no log pattern hides what the call sends.
        const print = ctx.output.verbatim?.bind(ctx.output) ?? ctx.output.out.bind(ctx.output);
        if (options.json) return print(JSON.stringify(list, null, 2));
        for (const line of approvalLines(list, Date.now())) print(line);
        // A server's own approval (its command, where its secrets go) is another command's: named, so "no call" is not read as "nothing".
        const { servers } = await app.call('status', {});
        for (const s of servers.filter((server) => server.approval === 'pending')) {
          ctx.output.err(`note: ${serverApprovalNote(s)}`);
        }
        const confirmations = await confirmationsNote(app);
        if (confirmations !== undefined) ctx.output.err(`note: ${confirmations}`);
      }),
    );

  approvals
    .command('allow <id>')
    .description('let the call go through')
    .option('--remember', 'always allow this tool for this agent (tool calls only)')
    .action((id: string, options: { remember?: boolean }) =>
      run(async (ctx) => {
        await decideHeldCall(await connectRunningApp(ctx.dataDir), { id, decision: 'allow', remember: options.remember ?? false });
        ctx.output.out(options.remember ? `Allowed ${id}, and from now on for this agent and tool.` : `Allowed ${id}.`);
      }),
    );

  approvals
    .command('deny <id>')
    .description('refuse the call')
    .action((id: string) =>
      run(async (ctx) => {
        await decideHeldCall(await connectRunningApp(ctx.dataDir), { id, decision: 'deny' });
        ctx.output.out(`Denied ${id}.`);
      }),
    );
}
