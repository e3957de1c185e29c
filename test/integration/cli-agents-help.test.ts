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
    for (const client of new Set([...CONFIG_TARGETS, ...NAME_CLIENTS])) {
      expect(forText.split(/[\s,;()]+/).filter((word) => word === client), `${client} in: ${forText}`).toHaveLength(1);
    }
  });
});
