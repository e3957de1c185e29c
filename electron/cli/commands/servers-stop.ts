import type { Command } from 'commander';
import { isRunning } from '../../../shared/api';
import { CodedError, toCodedError } from '../../../shared/errors';
import type { Run } from '../runner';
import { explainServerError } from '../config-errors';

/**
 * `servers stop` (issue 33): stop one server or every running one, in the running app when one runs
 * (ctx.core() goes through it); nothing restarts a stopped server by itself, its next call starts it.
 */
export function registerServerStop(servers: Command, run: Run): void {
  servers
    .command('stop [name]')
    .description('stop a server now (in the running app, if one runs); --all: every running server')
    .option('--all', 'stop every server that is running or starting')
    .action((name: string | undefined, options: { all?: boolean }) =>
      run(async (ctx) => {
        if ((name === undefined) === !options.all) {
          throw new CodedError('invalid_input', 'Give a server name or --all', { hint: 'For example: connected-services servers stop memory' });
        }
        const core = await ctx.core();
        const { servers: statuses } = await core.api.status({});
        if (name !== undefined) {
          const before = statuses.find((s) => s.name === name);
          // An unknown name: said as every servers command says it, with the name a typo likely meant.
          await core.api.stopServer({ name }).catch((error: unknown) => explainServerError(core.api, name, error));
          ctx.output.out(before !== undefined && !isRunning(before) ? `${name} was not running (${before.state}).` : `Stopped ${name}.`);
          return 0;
        }
        const running = statuses.filter(isRunning).map((s) => s.name);
        if (running.length === 0) return ctx.output.out('No server is running.');
        let failures = 0;
        for (const server of running) {
          try {
            await core.api.stopServer({ name: server });
            ctx.output.out(`Stopped ${server}.`);
          } catch (error) {
            failures += 1;
            ctx.output.err(`${server} did not stop: ${toCodedError(error).message}`);
          }
        }
        return failures > 0 ? 1 : 0;
      }),
    );
}
