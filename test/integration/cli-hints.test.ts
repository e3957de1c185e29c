import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempHome } from '../support/cli';

/** Where the hints a person reads are written (errors, doctor fixes, notices). */
const FOLDERS = ['electron/cli', 'electron/app', 'shared', 'electron/pool', 'electron/registry'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every command a hint names as `connected-services WORD [WORD]` (in backticks, as hints write
 * commands): the words up to the first argument (a placeholder, `${…}`, an option or a quote).
 */
function namedCommands(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of FOLDERS.flatMap((folder) => sources(join(ROOT, folder)))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\\?`connected-services ([a-z][a-z-]*(?: [a-z][a-z-]*)?)( \$\{)?/g)) {
      // A `${…}` right after the words gives the command an argument: `doctor ${server}` names one it does not take.
      const command = `${match[1] ?? ''}${match[2] !== undefined ? ' ARG' : ''}`;
      found.set(command, [...(found.get(command) ?? []), relative(ROOT, file)]);
    }
  }
  return found;
}

/**
 * Whether `connected-services WORDS` runs a command: its `--help` usage names the command (commander
 * falls back to the parent's help, whose usage ends in `[command]`, for a word that is none).
 */
async function exists(home: string, command: string): Promise<boolean> {
  // After `help`, what a `${…}` gives is a subcommand's name (`help servers ${command}`), not an argument.
  if (command.startsWith('help ') && command.endsWith(' ARG')) return exists(home, command.slice(0, -' ARG'.length));
  if (command.endsWith(' ARG')) return takesArgument(home, command.slice(0, -' ARG'.length));
  const words = command.split(' ');
  // `help WORDS` explains WORDS: it runs when they are a command.
  if (words[0] === 'help' && words.length > 1) return exists(home, words.slice(1).join(' '));
  const result = await runCli(home, [...words, '--help']);
  const usage = /^Usage: connected-services (.*)$/m.exec(result.stdout)?.[1] ?? '';
  const path = usage.split(' ').filter((w) => /^[a-z][a-z-]*$/.test(w));
  const prefix = path.length > 0 && path.every((word, i) => words[i] === word);
  // The words left over are arguments, unless the usage still asks for a subcommand.
  const leftOver = words.length > path.length;
  return result.code === 0 && prefix && !(leftOver && usage.endsWith('[command]'));
}

/** Whether the command exists and its usage has a place for an argument (`tools [options] [server]`, not `doctor [options]`). */
async function takesArgument(home: string, command: string): Promise<boolean> {
  if (!(await exists(home, command))) return false;
  const usage = /^Usage: connected-services (.*)$/m.exec((await runCli(home, [...command.split(' '), '--help'])).stdout)?.[1] ?? '';
  return /\s(?:<|\[(?!options\]|command\]))/.test(usage);
}

describe('hints name commands that exist', () => {
  it('finds the commands hints name (the scan itself works)', () => {
    const commands = namedCommands();
    expect(commands.has('servers approve')).toBe(true);
    expect(commands.has('secrets set')).toBe(true);
    expect(commands.size).toBeGreaterThan(8);
    // The pool's and the registry's hints are read too (they once named a `list` that does not exist).
    expect(commands.get('servers list')).toEqual(expect.arrayContaining(['electron/pool/pool.ts', 'electron/registry/registry.ts']));
  });

  it('runs `--help` on every one of them with the real CLI', async () => {
    const home = tempHome('cs-hints-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), '{"mcpServers": {}}', { mode: 0o600 });
    const broken: string[] = [];
    for (const [command, files] of namedCommands()) {
      if (!(await exists(home, command))) broken.push(`\`connected-services ${command}\` (in ${[...new Set(files)].join(', ')})`);
    }
    expect(broken).toEqual([]);
  }, 120_000);

  it('tells a command that does not exist from one that does', async () => {
    const home = tempHome('cs-hints-');
    expect(await exists(home, 'list')).toBe(false);
    expect(await exists(home, 'servers lst')).toBe(false);
    expect(await exists(home, 'servers list')).toBe(true);
    expect(await exists(home, 'connect everything')).toBe(true);
    // An argument given where the command takes none is no command either.
    expect(await exists(home, 'doctor ARG')).toBe(false);
    expect(await exists(home, 'tools ARG')).toBe(true);
  });
});
