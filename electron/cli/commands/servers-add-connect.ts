import { isStdio, type ServerConfig } from '../../../shared/config';
import type { CliContext } from '../context';
import { confirm } from '../prompt';

/**
 * `servers add … --connect`: the entry added, what it runs approved as shown here, and the server
 * signed in to when it needs it, started and listed, in one transaction (the App API's addService):
 * a step that fails undoes the ones before it. Returns the exit code.
 */
export async function addAndConnect(ctx: CliContext, name: string, config: ServerConfig, yes: boolean, secrets: Array<{ name: string; value: string }> = []): Promise<number> {
  const api = (await ctx.core()).api;
  const planned = await api.addService({ name, config, dryRun: true });
  if (planned.needsApproval && planned.commandLine !== undefined) {
    ctx.output.out(isStdio(config) ? `Command of ${name}:` : `${name} sends secrets to:`);
    ctx.output.out(`  ${planned.commandLine}`);
    if (ctx.interactive && !yes && !(await confirm(isStdio(config) ? 'Add it and allow this command to run?' : 'Add it and allow it to send them there?'))) {
      ctx.output.out('Nothing was added.');
      return 4;
    }
  }
  const done = await api.addService({ name, config, ...(secrets.length > 0 ? { secrets } : {}), ...(planned.needsApproval && planned.commandLine !== undefined ? { approve: { commandLine: planned.commandLine } } : {}) });
  const status = done.status;
  const steps = done.steps.filter((step) => step.outcome === 'done').map((step) => step.step);
  ctx.output.out(`Added ${name} (${steps.join(', ')})${status ? `: ${status.state}, ${status.toolCount} tool${status.toolCount === 1 ? '' : 's'}` : ''}.`);
  return 0;
}
