/**
 * `npm run docs`: the command line's reference in docs/cli.md, generated from the command definitions
 * (electron/cli/program.ts, the commander program every command goes through). It writes the part
 * between `<!-- generated:cli:start -->` and `<!-- generated:cli:end -->`: one section per command
 * with its usage, arguments and options. The prose of a command, its notes, is written by hand
 * between `<!-- notes:COMMAND -->` and `<!-- /notes -->` inside its section, and kept as it is.
 * test/docs/cli-reference.test.ts regenerates the page in memory and fails when it differs.
 * `--check` does the same here: exit 1 when docs/cli.md is out of date.
 * Run with tsx (it imports the TypeScript sources): `node --import tsx build/docs/cli-reference.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findGenerated, replaceGenerated } from './markers.mjs';

export const CLI_PAGE = fileURLToPath(new URL('../../docs/cli.md', import.meta.url));
export const MARKER = 'cli';
const BIN = 'connected-services';

/** The program exactly as the CLI builds it (`buildProgram`): its commands are read, never run. */
export async function loadProgram() {
  const { buildProgram } = await import('../../electron/cli/program.ts');
  return buildProgram({}, { out: () => undefined, err: () => undefined });
}

/** Every command below `program`, depth first in the order they were defined, with its path of names. */
export function commandsOf(program) {
  const out = [];
  const walk = (command, path) => {
    for (const sub of command.commands) {
      if (sub._hidden) continue;
      const subPath = [...path, sub.name()];
      out.push({ command: sub, path: subPath, key: subPath.join(' ') });
      walk(sub, subPath);
    }
  };
  walk(program, []);
  return out;
}

/** A command that does something by itself (not only a group of subcommands). */
function runsItself(command) {
  return command.commands.length === 0 || typeof command._actionHandler === 'function';
}

/** Text for a table cell: pipes escaped, and outside code spans `<` and `>`, which Markdown would take as HTML. */
function cell(text) {
  return String(text)
    .replace(/\n+/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('')
    .replace(/\|/g, '\\|');
}

function code(text) {
  return `\`${String(text).replace(/\|/g, '\\|')}\``;
}

/** "servers add" → "servers-add": the anchor GitHub gives the heading `### \`servers add\``. */
export function anchorOf(key) {
  return key.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

function argumentRow(argument) {
  const written = `${argument.required ? '<' : '['}${argument.name()}${argument.variadic ? '...' : ''}${argument.required ? '>' : ']'}`;
  const what = [argument.required ? 'required' : 'optional', argument.variadic ? 'any number' : '', argument.description ?? ''].filter((s) => s !== '');
  return `| ${code(written)} | ${cell(what.join('; '))} |`;
}

function optionRow(option) {
  const extra = [];
  if (option.argChoices) extra.push(`one of ${option.argChoices.map((c) => code(c)).join(', ')}`);
  const shownDefault = option.defaultValueDescription ?? (Array.isArray(option.defaultValue) && option.defaultValue.length === 0 ? undefined : option.defaultValue);
  if (shownDefault !== undefined && shownDefault !== false) extra.push(`default ${code(typeof shownDefault === 'string' ? shownDefault : JSON.stringify(shownDefault))}`);
  if (option.envVar) extra.push(`env ${code(option.envVar)}`);
  if (option.mandatory) extra.push('required');
  const description = [cell(option.description ?? ''), ...extra].filter((s) => s !== '').join('; ');
  return `| ${code(option.flags)} | ${description} |`;
}

function usageOf(path, command) {
  return [BIN, ...path, command.usage()].filter((s) => s !== '').join(' ');
}

function notesBlock(key, notes) {
  const text = notes.get(key);
  return [`<!-- notes:${key} -->`, ...(text === undefined || text === '' ? [] : [text]), '<!-- /notes -->'];
}

function commandSection({ command, path, key }, notes) {
  const lines = [`### ${code(key)}`, '', cell(command.description()), '', '```text', usageOf(path, command), '```', ''];
  const args = command.registeredArguments ?? [];
  const options = command.options.filter((o) => !o.hidden);
  if (args.length + options.length > 0) {
    lines.push('| argument or option | |', '| --- | --- |', ...args.map(argumentRow), ...options.map(optionRow), '');
  }
  lines.push(...notesBlock(key, notes), '');
  return lines;
}

/** The notes written by hand in the generated part of the page, by command: `<!-- notes:KEY -->…<!-- /notes -->`. */
export function notesIn(body) {
  const notes = new Map();
  const pattern = /<!-- notes:([^>]*?) -->\n?([\s\S]*?)\n?<!-- \/notes -->/g;
  for (const [, key, text] of body.matchAll(pattern)) notes.set(key.trim(), text.trim());
  return notes;
}

/** The generated part: global options, an index of every command, then one section per command. */
export function renderReference(program, notes = new Map()) {
  const commands = commandsOf(program);
  const known = new Set(commands.map((c) => c.key).concat(['connected-services']));
  const orphans = [...notes.keys()].filter((key) => !known.has(key));
  if (orphans.length > 0) {
    throw new Error(`docs/cli.md has notes for ${orphans.map((k) => `"${k}"`).join(', ')}, which the program does not define: move them to a command it has`);
  }
  const shown = commands.filter((c) => runsItself(c.command));
  const lines = [
    '<!-- Written by `npm run docs` from electron/cli/program.ts: change the command definitions there; write prose only between a command\'s notes markers. -->',
    '',
    `### ${code(BIN)}`,
    '',
    cell(program.description()),
    '',
    '```text',
    `${BIN} ${program.usage()}`,
    '```',
    '',
    '| option | |',
    '| --- | --- |',
    ...program.options.filter((o) => !o.hidden).map(optionRow),
    `| ${code('-h, --help')} | display help for command (also \`${BIN} COMMAND --help\`) |`,
    '',
    ...notesBlock(BIN, notes),
    '',
    '| command | what it does |',
    '| --- | --- |',
    ...shown.map(({ command, key }) => `| [${code(key)}](#${anchorOf(key)}) | ${cell(command.description())} |`),
    '',
  ];
  for (const entry of shown) lines.push(...commandSection(entry, notes));
  return lines.join('\n').replace(/\n+$/, '');
}

/** The page with its generated part made again from `program`, keeping the notes written in it. */
export function regeneratePage(text, program) {
  const { body } = findGenerated(text, MARKER, 'docs/cli.md');
  return replaceGenerated(text, MARKER, renderReference(program, notesIn(body)), 'docs/cli.md');
}

async function main(args) {
  const text = readFileSync(CLI_PAGE, 'utf8');
  const next = regeneratePage(text, await loadProgram());
  if (args.includes('--check')) {
    if (next !== text) {
      console.error('docs/cli.md is out of date with the command definitions: run `npm run docs`');
      process.exitCode = 1;
    }
    return;
  }
  if (next === text) console.log('docs/cli.md is up to date');
  else {
    writeFileSync(CLI_PAGE, next);
    console.log('wrote docs/cli.md');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
