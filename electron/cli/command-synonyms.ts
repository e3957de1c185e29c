import type { Command } from 'commander';

/**
 * Words a new user types for a command that has another name here (`servers rm`, `secrets add`,
 * `agents create`), by the command they mean. A typo's nearest word would guess wrong for them
 * (`agents create` is two edits from `rotate`, which replaces the agent's token).
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  add: ['new', 'create', 'install', 'register'],
  set: ['add', 'new', 'create', 'put', 'store', 'save', 'update'],
  edit: ['change', 'update', 'modify', 'set'],
  remove: ['rm', 'delete', 'del', 'uninstall', 'unregister'],
  delete: ['rm', 'remove', 'del', 'unset'],
  list: ['ls', 'show', 'all'],
  allow: ['approve', 'accept', 'yes', 'ok'],
  deny: ['reject', 'refuse', 'decline', 'no'],
  approve: ['trust', 'allow', 'accept'],
  restart: ['start', 'reload', 'reconnect'],
  stop: ['kill', 'halt', 'shutdown'],
  connect: ['login', 'signin', 'auth'],
  disconnect: ['logout', 'signout'],
  status: ['info', 'health', 'state', 'ps', 'list', 'ls'],
  serve: ['start', 'run', 'up'],
  doctor: ['check', 'diagnose', 'verify'],
};

/** Words that name an option of the program rather than a command. */
const PROGRAM_OPTIONS: Readonly<Record<string, string>> = { version: '--version' };

function meaning(group: Command, word: string, byName = false): Command | undefined {
  return group.commands.find((command) => (byName && command.name() === word) || SYNONYMS[command.name()]?.includes(word) === true);
}

/**
 * What `word`, typed where `group` reads a command, likely means: a command of the group first, then
 * one of the program's; typed first, one a level below by its name or another (`stop` → `servers stop`).
 * As the words to type after the program's name, or undefined.
 */
export function synonymOf(group: Command, word: string): string[] | undefined {
  const typed = word.trim().toLowerCase();
  let root = group;
  while (root.parent) root = root.parent;
  const own = meaning(group, typed);
  if (own) return pathTo(own);
  if (group !== root) {
    const top = meaning(root, typed);
    return top && pathTo(top);
  }
  if (Object.hasOwn(PROGRAM_OPTIONS, typed)) return [PROGRAM_OPTIONS[typed] ?? ''];
  for (const sub of root.commands) {
    const below = meaning(sub, typed, true) ?? meaning(sub, typed);
    if (below) return pathTo(below);
  }
  return undefined;
}

function pathTo(command: Command): string[] {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names;
}

/** Words that ask `secrets` for a value, which the command line never prints. */
const VALUE_WORDS: ReadonlySet<string> = new Set(['get', 'show', 'reveal', 'read', 'print', 'cat', 'value', 'view', 'dump', 'export', 'copy']);

/**
 * `secrets get NAME` and the like: no command prints a value (a terminal's output is read by other
 * programs and kept in scrollback), and the nearest word, `set`, would overwrite it.
 */
export function valueAskedOf(group: Command, word: string): string | undefined {
  if (pathTo(group).join(' ') !== 'secrets' || !VALUE_WORDS.has(word.trim().toLowerCase())) return undefined;
  return "A secret's value is never printed on the command line: `connected-services secrets list` lists the names, and the app's Access page reveals or copies one after you confirm.";
}
