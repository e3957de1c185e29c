import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { synonymOf, valueAskedOf } from './command-synonyms';

/** The shape of the real tree: groups with their own commands, and the program's. */
function program(): Command {
  const root = new Command('connected-services');
  for (const name of ['serve', 'status', 'connect', 'doctor']) root.command(name);
  const servers = root.command('servers');
  for (const name of ['list', 'add', 'edit', 'remove', 'approve', 'restart', 'stop']) servers.command(name);
  const agents = root.command('agents');
  for (const name of ['add', 'list', 'set', 'remove', 'rotate']) agents.command(name);
  const secrets = root.command('secrets');
  for (const name of ['set', 'list', 'delete']) secrets.command(name);
  secrets.command('stores').command('list');
  const approvals = root.command('approvals');
  for (const name of ['list', 'allow', 'deny']) approvals.command(name);
  return root;
}

const group = (root: Command, ...path: string[]): Command => path.reduce((at, name) => at.commands.find((c) => c.name() === name) ?? at, root);

describe('the command a new user meant by another word', () => {
  const root = program();

  it("answers each group's own command for the words people type for it", () => {
    expect(synonymOf(group(root, 'servers'), 'rm')).toEqual(['servers', 'remove']);
    expect(synonymOf(group(root, 'servers'), 'delete')).toEqual(['servers', 'remove']);
    expect(synonymOf(group(root, 'secrets'), 'rm')).toEqual(['secrets', 'delete']);
    expect(synonymOf(group(root, 'secrets'), 'add')).toEqual(['secrets', 'set']);
    // Not rotate, the nearest word, which would replace the agent's token.
    expect(synonymOf(group(root, 'agents'), 'create')).toEqual(['agents', 'add']);
    expect(synonymOf(group(root, 'approvals'), 'approve')).toEqual(['approvals', 'allow']);
    expect(synonymOf(group(root, 'servers'), 'START')).toEqual(['servers', 'restart']);
  });

  it("at the top, the program's commands, a group's command by its name, and --version", () => {
    expect(synonymOf(root, 'start')).toEqual(['serve']);
    expect(synonymOf(root, 'list')).toEqual(['status']);
    expect(synonymOf(root, 'login')).toEqual(['connect']);
    expect(synonymOf(root, 'stop')).toEqual(['servers', 'stop']);
    expect(synonymOf(root, 'rotate')).toEqual(['agents', 'rotate']);
    expect(synonymOf(root, 'version')).toEqual(['--version']);
  });

  it('never reaches into another group from a group, and leaves a word with no meaning to the typo guess', () => {
    expect(synonymOf(group(root, 'secrets', 'stores'), 'rm')).toBeUndefined();
    expect(synonymOf(group(root, 'servers'), 'lst')).toBeUndefined();
    expect(synonymOf(root, 'qqqqqq')).toBeUndefined();
    expect(synonymOf(root, 'constructor')).toBeUndefined();
  });
});

describe('secrets get NAME', () => {
  it('is told where a value is shown in a sentence of its own, ending in a full stop before the next', () => {
    expect(valueAskedOf(group(program(), 'secrets'), 'get')).toMatch(/after you confirm\.$/);
  });
});
