import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// Half a two-letter name is one letter: a typo of `cc` or `ab` was answered with no suggestion at all.
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'short-agent-names' };

describe('a mistyped two-letter agent name', () => {
  it('is answered with the agent likely meant, and a single letter with none', async () => {
    const home = tempHome('cs-short-agents-');
    for (const name of ['cc', 'ab']) expect((await runCli(home, ['agents', 'add', name, '--servers', '*'], { env: ENV })).code).toBe(0);
    const replaced = await runCli(home, ['agents', 'rotate', 'cx'], { env: ENV });
    expect(replaced.code).toBe(3);
    expect(replaced.stderr).toContain('error [not_found]: No agent named "cx"');
    expect(replaced.stderr).toContain('hint: Did you mean cc?');
    const swapped = await runCli(home, ['agents', 'rotate', 'ba'], { env: ENV });
    expect(swapped.stderr).toContain('hint: Did you mean ab?');
    const letter = await runCli(home, ['agents', 'rotate', 'x'], { env: ENV });
    expect(letter.code).toBe(3);
    expect(letter.stderr).not.toContain('Did you mean');
  }, 90_000);
});
