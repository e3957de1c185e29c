import { Command, CommanderError } from 'commander';
import { VERSION } from '../app';
import { terminalSafe } from '../../shared/text';
import { registerAgents } from './commands/agents';
import { registerApprovals } from './commands/approvals';
import { registerBridge } from './commands/bridge';
import { registerCall } from './commands/call';
import { registerConnect } from './commands/connect';
import { registerDoctor } from './commands/doctor';
import { registerImport } from './commands/import';
import { registerLogs } from './commands/logs';
import { registerRead } from './commands/read';
import { registerRegistry } from './commands/registry';
import { registerSecrets } from './commands/secrets';
import { registerServe } from './commands/serve';
import { registerServers } from './commands/servers';
import { registerStatus } from './commands/status';
import { registerListings } from './commands/tools';
import { CodedError } from '../../shared/errors';
import { EXIT_CODES, EXIT_USAGE } from './exit-codes';
import { printError, type Output } from './output';
import type { GlobalOptions } from './context';
import { createRunner } from './runner';
import { refuseEmptyArguments } from './empty-values';
import { helpTopics, throwUsageErrors, usageError } from './usage-errors';

/** An empty `--home` (an unset shell variable) must not quietly mean the default, your real data folder. */
function homeFolder(value: string): string {
  if (value.trim() === '') {
    throw new CodedError('invalid_input', '--home was given an empty folder', { hint: 'Give the data folder, e.g. --home /tmp/cs-try, or leave out --home for the default' });
  }
  return value;
}

/** The whole program, every command registered, nothing run: for `runProgram` and the generated CLI reference (docs/cli.md). */
export function buildProgram(env: Record<string, string | undefined>, output: Output): Command {
  const program = new Command('connected-services')
    .description('Connect your MCP services once; let every agent use them through one localhost bridge.')
    .version(VERSION)
    .option('--home <dir>', 'data directory (env CONNECTED_SERVICES_HOME; default: your OS app-data folder)', homeFolder)
    // Commander's own errors (an unknown command, a missing argument) are printed below as ours are.
    .configureOutput({ writeErr: (text) => process.stderr.write(terminalSafe(text)), outputError: () => undefined });
  const run = createRunner(() => program.opts<GlobalOptions>(), output, env);
  registerServe(program, run);
  registerServers(program, run);
  registerRegistry(program, run);
  registerStatus(program, run);
  registerListings(program, run);
  registerCall(program, run);
  registerRead(program, run);
  registerLogs(program, run);
  registerConnect(program, run);
  registerImport(program, run);
  registerSecrets(program, run);
  registerDoctor(program, run);
  registerAgents(program, run);
  registerApprovals(program, run);
  registerBridge(program, run);
  throwUsageErrors(program);
  refuseEmptyArguments(program);
  return program;
}

/** Every command through commander: `main` loads this module for all but a plain `serve` (serve-args.ts). */
export async function runProgram(argv: string[], env: Record<string, string | undefined>, output: Output): Promise<void> {
  const program = buildProgram(env, output);
  try {
    await program.parseAsync(helpTopics(program, argv));
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
      // Help shown for a group without its command (`servers`) is answer enough.
      if (error.exitCode !== 0 && !HELP_SHOWN.has(error.code)) printError(output, usageError(error, program, argv), argv.includes('--json'));
      return;
    }
    // An option's own check (a port that is none) throws while commander reads: a message, not a stack trace.
    if (error instanceof CodedError) {
      printError(output, error, argv.includes('--json'));
      process.exitCode = EXIT_CODES[error.code];
      return;
    }
    throw error;
  }
}

/** Commander's codes for help it has already printed. */
const HELP_SHOWN: ReadonlySet<string> = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version']);
