import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

function serverNames(home: string): string[] {
  if (!existsSync(join(home, 'mcp.json'))) return [];
  return Object.keys((JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers);
}

// `servers add` printed "Added" and wrote the entry without what did not apply to it, where
// `servers edit` refuses the same options.
describe('servers add with an option its kind of entry does not take, through the built CLI', () => {
  it('refuses it with exit 2, says which, and adds nothing', async () => {
    const home = tempHome('cs-add-options-');
    const cases: Array<[string[], string]> = [
      [['servers', 'add', 's1', '--header', 'X-A: b', '--', 'echo', 'hi'], '--header applies to a URL server (--url), not to a command'],
      [['servers', 'add', 's2', '--url', 'http://127.0.0.1:9/mcp', '--env', 'A=b', '--cwd', '/tmp'], '--env and --cwd apply to a command run on this computer'],
      [['servers', 'add', 's3', '--input', 'a=b', '--', 'echo'], '--input goes with --from-registry'],
      [['servers', 'add', 's4', '--', '  '], 'The command after -- is blank'],
      [['servers', 'add', 's5', '--description', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789', '--', 'echo'], 'The description holds what looks like a token'],
    ];
    for (const [args, said] of cases) {
      const refused = await runCli(home, args);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toContain(said);
      expect(refused.stderr).toContain('hint:');
    }
    expect(serverNames(home).filter((name) => /^s\d$/.test(name))).toEqual([]);
  });
});
