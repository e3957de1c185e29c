import { isStdio, type ServerConfig } from '../../../shared/config';
import type { CliContext } from '../context';
import { confirm } from '../prompt';
import { asksForSignIn, lostSignIn, mayKeepTokens } from './connect-server';
import { hideCommandSecrets } from '../secret-shapes';
import { shownCommand } from './shown-command';

/**
 * `servers add … --connect`: the entry added, what it runs approved as shown here, and the server
 * signed in to when it needs it, started and listed, in one transaction (the App API's addService):
 * a step that fails undoes the ones before it. Returns the exit code.
 */
export async function addAndConnect(ctx: CliContext, name: string, config: ServerConfig, yes: boolean, secrets: Array<{ name: string; value: string }> = []): Promise<number> {
  const core = await ctx.core();
  const api = core.api;
  const planned = await api.addService({ name, config, dryRun: true });
  if (planned.needsApproval && planned.commandLine !== undefined) {
    ctx.output.out(isStdio(config) ? `Command of ${name}:` : `${name} sends secrets to:`);
    ctx.output.out(`  ${planned.commandLine}`);
    if (ctx.interactive && !yes && !(await confirm(isStdio(config) ? 'Add it and allow this command to run?' : 'Add it and allow it to send them there?'))) {
      ctx.output.out('Nothing was added.');
      return 4;
    }
  }
  // With no app running and a vault that keeps nothing, a sign-in would not outlive this command:
  // a server that asks for none is added and started; one that asks is refused, and nothing kept.
  // A running app keeps the tokens in its own vault; only a command's own core has one to ask.
  const health = ctx.runningApp() === undefined ? core.vault.health() : undefined;
  const lost = health !== undefined && !health.persistent && mayKeepTokens(config) ? health : undefined;
  const input = { name, config, ...(secrets.length > 0 ? { secrets } : {}), ...(planned.needsApproval && planned.commandLine !== undefined ? { approve: { commandLine: planned.commandLine } } : {}) };
  const done = await api.addService(lost ? { ...input, signIn: false } : input).catch(async (error: unknown) => {
    throw lost && asksForSignIn(error) ? await lostSignIn(name, lost, ctx.dataDir, 'add', ' Nothing was added.') : error;
  });
  const status = done.status;
  const steps = done.steps.filter((step) => step.outcome === 'done').map((step) => step.step);
  ctx.output.out(`Added ${name} (${steps.join(', ')})${status ? `: ${status.state}, ${status.toolCount} tool${status.toolCount === 1 ? '' : 's'}` : ''}.`);
  return 0;
}

/**
 * `servers add NAME --from-registry ID --dry-run`: what would be added and what its approval would
 * show, through addService's own dry run; nothing is written. Warnings (clear text, secrets in
 * arguments) were said before, as for the real install. Returns the exit code.
 */
export async function showRegistryDryRun(ctx: CliContext, name: string, config: ServerConfig, secrets: string[]): Promise<number> {
  const planned = await (await ctx.core()).api.addService({ name, config, dryRun: true });
  ctx.output.out(`Would add ${name}: ${isStdio(config) ? hideCommandSecrets(shownCommand(config)) : config.url}${secrets.length > 0 ? ` (would store ${secrets.join(', ')} in the vault)` : ''}.`);
  if (planned.needsApproval && planned.commandLine !== undefined) ctx.output.out(`${isStdio(config) ? 'Its approval would show' : 'It would send secrets to'}: ${planned.commandLine}`);
  ctx.output.out('Nothing was written (--dry-run).');
  return 0;
}
