import { describe, expect, it } from 'vitest';
import { CONFIG_TARGETS, NAME_CLIENTS } from '../../shared/api';
import { runCli, tempHome } from '../support/cli';

describe('agents add --help', () => {
  const home = tempHome('cs-agents-help-');

  it('names each client --for takes once', async () => {
    const help = await runCli(home, ['agents', 'add', '--help']);
    expect(help.code, help.stderr).toBe(0);
    // The option's text, folded over lines as commander wraps it.
    const forText = /--for <client>([^]*?)\n {2}--/.exec(help.stdout)?.[1]?.replace(/\s+/g, ' ') ?? '';
    // The clients' list itself; a later note may name again those whose prefix is not known.
    const listed = /its client \(([^)]*)\)/.exec(forText)?.[1] ?? '';
    for (const client of new Set([...CONFIG_TARGETS, ...NAME_CLIENTS])) {
      expect(listed.split(/[\s,]+/).filter((word) => word === client), `${client} in: ${forText}`).toHaveLength(1);
    }
  });
});
