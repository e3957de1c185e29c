import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

describe('agents add/set --names', () => {
  it('records plain or prefixed names, lists them, and refuses another value naming the choices', async () => {
    const home = tempHome('cs-agent-names-');
    const added = await runCli(home, ['agents', 'add', 'coder', '--servers', 'everything', '--names', 'plain', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect((JSON.parse(added.stdout) as { agent: { names?: string } }).agent.names).toBe('plain');
    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.stdout).toContain('coder sees each tool and prompt under its own name.');
    const set = await runCli(home, ['agents', 'set', 'coder', '--names', 'prefixed', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect((JSON.parse(set.stdout) as { names?: string }).names).toBeUndefined();
    const typo = await runCli(home, ['agents', 'set', 'coder', '--names', 'plane']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--names');
    expect(typo.stderr).toContain('plain');
  }, 60_000);
});
