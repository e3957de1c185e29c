import type { Command, CommanderError } from 'commander';
import { CodedError } from '../../shared/errors';
import { closestWord } from '../../shared/text';
import { synonymOf, valueAskedOf } from './command-synonyms';
import { COMMAND_AFTER_DASHES, commandWithoutDashes } from './command-after-dashes';

const BIN = 'connected-services';

/** Which command each of commander's errors happened in: its own message does not say. */
const failedIn = new WeakMap<CommanderError, Command>();

/**
 * Every command of the tree throws its errors (help and version too) instead of exiting, and
 * remembers itself as where they happened, so the hint can speak of that command.
 */
export function throwUsageErrors(program: Command): void {
  const walk = (command: Command): void => {
    command.exitOverride((error) => {
      failedIn.set(error, command);
      throw error;
    });
    for (const sub of command.commands) walk(sub);
  };
  walk(program);
}

/** The names from the program down to `command`: `['servers', 'add']`, `[]` for the program itself. */
function pathOf(command: Command): string[] {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names;
}

/** Where to read about a command: `connected-services help servers add` and its section of docs/cli.md (the anchor `npm run docs` gives it). */
function readMore(path: readonly string[], command: Command): string {
  if (path.length === 0) return `\`${BIN} help\` lists the commands, \`${BIN} help COMMAND\` explains one (docs/cli.md)`;
  const section = command.commands.length === 0 ? `docs/cli.md#${path.join('-').toLowerCase()}` : 'docs/cli.md';
  return `\`${BIN} help ${path.join(' ')}\` explains ${command.commands.length === 0 ? 'it' : 'its commands'} (${section})`;
}

/** The commands below `root` that take `flag`, nearest first: a command's option given before the command. */
function commandsTaking(root: Command, flag: string): Command[] {
  const found: Command[] = [];
  const walk = (command: Command): void => {
    for (const sub of command.commands) {
      if (sub.options.some((option) => option.long === flag || option.short === flag)) found.push(sub);
      walk(sub);
    }
  };
  walk(root);
  return found;
}

/** The command named by the first word of `argv` that names one below `command`, if any. */
function commandNamed(command: Command, argv: readonly string[]): Command | undefined {
  for (const word of argv) {
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) return sub;
  }
  return undefined;
}

/** The subcommand commander runs when `group` is given none (`secrets stores` runs `list`); commander keeps it private. */
function defaultOf(group: Command): string | undefined {
  const name = (group as unknown as { _defaultCommandName?: unknown })._defaultCommandName;
  return typeof name === 'string' ? name : undefined;
}

/**
 * A word where a group's subcommand goes, read by commander as an argument of what runs without one
 * (the group's default subcommand, or the group's own action): `secrets stores lst` is then "too many
 * arguments for 'list'". It is an unknown command of the group, said as commander says one.
 */
function strayWord(command: Command, argv: readonly string[]): { group: Command; word: string } | undefined {
  // Only when the command takes no word of its own: the stray one is then its first.
  const word = command.registeredArguments.length === 0 ? command.args[0] : undefined;
  if (word === undefined) return undefined;
  if (command.commands.length > 0) return { group: command, word };
  const parent = command.parent;
  // The default ran only if its own name was not typed before the stray word (`secrets stores list extra` is list's usage).
  const named = argv.slice(0, argv.indexOf(word)).some((typed) => typed === command.name() || command.aliases().includes(typed));
  return parent !== null && defaultOf(parent) === command.name() && !named ? { group: parent, word } : undefined;
}

/**
 * Commander suggests only options shown in help, so a typo of a hidden, refused one (`--tokn` for
 * `--token`) got no guess: it is answered with the shown option that replaces it (`--token-stdin`).
 */
function replacementOfHidden(command: Command, flag: string): string | undefined {
  const hidden = command.options.filter((option) => option.hidden && option.long !== undefined).map((option) => option.long ?? '');
  const near = closestWord(flag, hidden);
  if (near === undefined) return undefined;
  return command.options.find((option) => !option.hidden && option.long?.startsWith(`${near}-`) === true)?.long;
}

/**
 * Commander checks required options before unknown ones, so `--clint claude-code` was "required option
 * '--client <client>' not specified" with no word of the typo: the typed flag is named with what it meant.
 */
function mistypedRequired(command: Command, message: string, argv: readonly string[]): string | undefined {
  const flags = /option '([^']+)'/.exec(message)?.[1];
  const long = flags?.split(/[ ,]+/).find((flag) => flag.startsWith('--'));
  if (flags === undefined || long === undefined) return undefined;
  const known = new Set(command.options.flatMap((option) => [option.long, option.short]));
  const typed = argv.map((word) => word.split('=')[0] ?? '').find((word) => word.startsWith('--') && !known.has(word) && closestWord(word, [long]) !== undefined);
  return typed === undefined ? `Give it: \`${flags}\`.` : `Did you mean ${long} (you typed ${typed.slice(0, 60)})?`;
}

/** What to fix for an option commander does not know in `command`. */
function unknownOptionFix(command: Command, path: readonly string[], flag: string, argv: readonly string[]): string | undefined {
  // A command's option written before the command (`connected-services --json status`).
  const owners = commandsTaking(command, flag);
  if (owners.length === 0) {
    const own = command.options.map((option) => option.long ?? option.short ?? '').filter((name) => name !== '');
    return path.length === 0 ? `Before a command only ${own.join(', ')} and --help are read; a command's own options go after it.` : undefined;
  }
  // The command the words name, as deep as they go (`--json servers list` names `servers list`, not `serve`).
  let named: Command | undefined;
  for (let below = commandNamed(command, argv); below !== undefined; below = commandNamed(below, argv)) named = below;
  const owner = owners.find((candidate) => candidate === named) ?? owners.find((candidate) => named !== undefined && pathOf(candidate).join(' ').startsWith(`${pathOf(named).join(' ')} `)) ?? owners[0];
  const example = owner === undefined ? '' : `, e.g. \`${BIN} ${[...pathOf(owner), flag].join(' ')}\``;
  return `${flag} is an option of a command${path.length === 0 ? '' : ` under ${path.join(' ')}`}: give it after the command${example}.`;
}

/** What the missing argument is, where its command describes it (`read`'s URI: where to find one). */
function missingArgumentSays(command: Command, message: string): string {
  const name = /missing required argument '([^']+)'/.exec(message)?.[1];
  const description = command.registeredArguments.find((argument) => argument.name() === name)?.description;
  return description === undefined || description === '' ? '' : ` <${name}>: ${description}.`;
}

/**
 * Commander's message (`error: unknown command 'statsu'` and a `(Did you mean status?)` line) as one
 * of ours, with a hint that says what to fix: the command a typo likely meant, the command's usage
 * for a missing or extra argument, where an option belongs; then where to read more.
 */
export function usageError(error: CommanderError, program: Command, argv: readonly string[] = []): CodedError {
  const command = failedIn.get(error) ?? program;
  const stray = error.code === 'commander.excessArguments' ? strayWord(command, argv) : undefined;
  if (stray !== undefined) return unknownSubcommand(stray.group, stray.word, pathOf(stray.group));
  const path = pathOf(command);
  if (error.code === 'commander.excessArguments' && path.join(' ') === 'secrets set') return valueOnCommandLine();
  const [first = '', ...rest] = error.message.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const message = first.replace(/^error:\s*/, '');
  // Commander says "Did you mean X?", or "Did you mean one of X, Y?" when two are as close (`server`: serve, servers).
  const similar = /Did you mean (?:one of )?([^?]+)\?/.exec(rest.join(' '))?.[1]?.split(', ') ?? [];
  const suggested = similar[0];
  const usage = `usage: \`${[BIN, ...path, command.usage()].join(' ')}\`.`;
  let fix: string | undefined;
  switch (error.code) {
    case 'commander.unknownCommand': {
      const word = /unknown command '([^']+)'/.exec(message)?.[1] ?? '';
      const synonym = synonymOf(command, word);
      const valueAsked = valueAskedOf(command, word);
      if (valueAsked !== undefined) fix = valueAsked;
      else if (synonym !== undefined) fix = `Did you mean \`${[BIN, ...synonym].join(' ')}\`?`;
      else fix = suggested === undefined ? undefined : `Did you mean ${similar.map((word) => `\`${[BIN, ...path, word].join(' ')}\``).join(' or ')}?`;
      break;
    }
    case 'commander.unknownOption': {
      const flag = /unknown option '([^'=]+)/.exec(message)?.[1] ?? '';
      const meant = suggested ?? replacementOfHidden(command, flag);
      fix = meant !== undefined ? `Did you mean ${meant}?` : commandWithoutDashes(path, argv) ? `${COMMAND_AFTER_DASHES}.` : unknownOptionFix(command, path, flag, argv);
      break;
    }
    case 'commander.optionMissingArgument': {
      const option = /option '([^']+)'/.exec(message)?.[1];
      fix = option === undefined ? usage : `Give its value right after it: \`${option}\`.`;
      break;
    }
    case 'commander.missingMandatoryOptionValue':
      fix = mistypedRequired(command, message, argv);
      break;
    case 'commander.missingArgument':
      fix = `${usage}${missingArgumentSays(command, message)}`;
      break;
    case 'commander.excessArguments':
    case 'commander.emptyArgument':
      fix = usage;
      break;
    default:
      fix = suggested === undefined ? undefined : `Did you mean ${suggested}?`;
  }
  const hint = fix === undefined ? readMore(path, command) : `${fix} ${readMore(path, command)}`;
  return new CodedError('invalid_input', message, { hint: hint.charAt(0).toUpperCase() + hint.slice(1) });
}

/** `secrets set NAME VALUE`: the value is never taken from the command line, and may already be in the shell's history. */
function valueOnCommandLine(): CodedError {
  return new CodedError('invalid_input', 'secrets set takes no value on its command line: there it stays in your shell history and any program of yours can read it while the command runs; nothing was stored', {
    hint: `Type it when asked (it is not shown), pipe it in (\`printf %s "$VALUE" | ${BIN} secrets set NAME\`) or use --from-file PATH. If it is a real secret, remove it from your shell history, or rotate it`,
  });
}

/** `word` given where `group` reads a subcommand and naming none, with what it likely meant (`shown` is the command line before it). */
function unknownSubcommand(group: Command, word: string, shown: readonly string[]): CodedError {
  const synonym = synonymOf(group, word);
  const meant = closestWord(word, group.commands.map((c) => c.name()).filter((name) => name !== 'help'));
  const fix = synonym !== undefined ? `Did you mean \`${[BIN, ...(shown[0] === 'help' ? ['help'] : []), ...synonym].join(' ')}\`? ` : meant === undefined ? '' : `Did you mean \`${[BIN, ...shown, meant].join(' ')}\`? `;
  const hint = `${fix}${readMore(pathOf(group), group)}`;
  return new CodedError('invalid_input', `unknown command '${word.slice(0, 60)}'`, { hint: hint.charAt(0).toUpperCase() + hint.slice(1) });
}

/** A command's subcommand named `word`. */
function subcommand(command: Command, word: string): Command | undefined {
  return command.commands.find((c) => c.name() === word || c.aliases().includes(word));
}

/**
 * `help servers add` as `servers add --help` (commander's help command reads only its first word and
 * shows the group's help), and `help srvers` refused as the unknown command it is, with what it likely
 * meant, rather than the whole help printed as an error.
 */
export function helpTopics(program: Command, argv: readonly string[]): string[] {
  let at = program;
  let found = 0;
  for (let i = 2; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') break;
    if (word.startsWith('-')) continue;
    const sub = subcommand(at, word);
    if (sub && sub.name() !== 'help') {
      at = sub;
      found++;
      continue;
    }
    if (word !== 'help' || at.commands.length === 0) {
      // `srvers --help` printed the whole help with exit 0, as if the command were known.
      if (at.commands.length > 0 && !takesValue(at, argv[i - 1]) && asksHelp(argv.slice(i + 1))) throw unknownSubcommand(at, word, pathOf(at));
      // Before the first command a word that names none is an option's value (`--home DIR`).
      if (found === 0) continue;
      break;
    }
    return [...argv.slice(0, i), ...topicPath(at, argv.slice(i + 1)), '--help'];
  }
  return [...argv];
}

/** `--help` or `-h` among the words, before any `--`. */
function asksHelp(words: readonly string[]): boolean {
  const end = words.indexOf('--');
  return (end === -1 ? words : words.slice(0, end)).some((word) => word === '--help' || word === '-h');
}

/** `previous` is an option of `command` (or of a command above it) that takes the word after it as its value. */
function takesValue(command: Command, previous: string | undefined): boolean {
  if (previous === undefined || !previous.startsWith('-') || previous.includes('=')) return false;
  for (let at: Command | null = command; at; at = at.parent) {
    if (at.options.some((option) => (option.long === previous || option.short === previous) && (option.required || option.optional))) return true;
  }
  return false;
}

/** The words after `help` that name commands below `command`; one that names none is refused. */
function topicPath(command: Command, words: readonly string[]): string[] {
  const path: string[] = [];
  let at = command;
  for (const word of words) {
    // `help help` asks about help itself: the help it would list commands in.
    if (word.startsWith('-') || word === 'help' || at.commands.length === 0) break;
    const sub = subcommand(at, word);
    if (sub === undefined) throw unknownSubcommand(at, word, ['help', ...pathOf(at)]);
    path.push(word);
    at = sub;
  }
  return path;
}
