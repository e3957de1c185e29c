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
    .exitOverride()
    // Commander's own errors (an unknown command, a missing argument) are printed below as ours are.
    .configureOutput({ writeErr: (text) => process.stderr.write(terminalSafe(text)), outputError: () => undefined });
  const run = createRunner(() => program.opts<GlobalOptions>(), output, env);
  registerServe(program, run);
  registerServers(program, run);
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
  return program;
}

/** Every command through commander: `main` loads this module for all but a plain `serve` (serve-args.ts). */
export async function runProgram(argv: string[], env: Record<string, string | undefined>, output: Output): Promise<void> {
  const program = buildProgram(env, output);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
      // Help shown for a group without its command (`servers`) is answer enough.
      if (error.exitCode !== 0 && !HELP_SHOWN.has(error.code)) printError(output, usageError(error, commandWords(program, argv)), argv.includes('--json'));
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

/**
 * The commands `argv` names, as far as they exist (`servers add`): whose --help a usage error points
 * to. Before the first command a word that names none is an option's value (`--home DIR`).
 */
export function commandWords(program: Command, argv: readonly string[]): string[] {
  const words: string[] = [];
  let at = program;
  for (const arg of argv.slice(2)) {
    if (arg === '--') break;
    if (arg.startsWith('-')) continue;
    const sub = at.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (sub) {
      words.push(arg);
      at = sub;
    } else if (words.length > 0) break;
  }
  return words;
}

/**
 * Commander's message (`error: unknown command 'statsu'` and a `(Did you mean status?)` line) as one
 * of ours: `error [invalid_input]: unknown command 'statsu'`, the suggestion and --help as the hint:
 * the help of the command it happened in (`servers add --help`) when there is one.
 */
export function usageError(error: CommanderError, words: readonly string[] = []): CodedError {
  const [first = '', ...rest] = error.message.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const suggestion = rest.map((line) => line.replace(/^\((.*)\)$/, '$1')).join(' ');
  const command = words.join(' ');
  const help =
    command === ''
      ? '`connected-services --help` lists the commands, `connected-services COMMAND --help` their options'
      : `\`connected-services ${command} --help\` shows ${error.code === 'commander.unknownCommand' ? 'its commands' : 'its arguments and options'}`;
  return new CodedError('invalid_input', first.replace(/^error:\s*/, ''), { hint: suggestion === '' ? help : `${suggestion} ${help}` });
}
