import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// "coder " was added beside "coder": two rows reading "coder" in every list, and a remove of one left the other.
describe('agents add of a name with a trailing or doubled space, through the built CLI', () => {
  it('is refused with exit 2 and the name it reads as, and adds nothing', async () => {
    const home = tempHome('cs-agent-spaces-');
    expect((await runCli(home, ['agents', 'add', 'coder'])).code).toBe(0);
    const refused = await runCli(home, ['agents', 'add', 'coder ']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('so it would read like "coder"');
    // "coder" is taken: offering it back would only be refused next.
    expect(refused.stderr).toContain('hint: It looks like "coder", which is already an agent; pick another name');
    const listed = await runCli(home, ['agents', 'list', '--json']);
    expect((JSON.parse(listed.stdout) as Array<{ name: string }>).map((a) => a.name)).toEqual(['coder']);
  });
});
