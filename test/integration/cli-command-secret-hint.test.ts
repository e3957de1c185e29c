import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const PAT = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
const KEY = 'sk-proj-7Hq2LmX9pR4tVw8Zk3Nc';

// A secret in the program's word is refused with a hint for the command that was run:
// `servers add` takes the command after `--` only; `servers edit` also has --command.
describe('CLI: a secret in clear in the command itself', () => {
  it('is refused with a hint that names only what the command run takes', async () => {
    const home = tempHome('cs-cli-command-secret-');
    const assignment = await runCli(home, ['servers', 'add', 'c5', '--', `GITHUB_TOKEN=${PAT}`, 'npx', 'server-github']);
    expect(assignment.code).toBe(2);
    expect(assignment.stderr).toContain('The command after -- holds a secret in clear');
    expect(assignment.stderr).toContain("give it as --env 'GITHUB_TOKEN=${secret:C5_GITHUB_TOKEN}' (in single quotes) and the program alone after --");
    expect(assignment.stderr).not.toContain('--command');
    expect(assignment.stdout + assignment.stderr).not.toContain(PAT);

    const oneWord = await runCli(home, ['servers', 'add', 'c6', '--', `node --api-key=${KEY}`]);
    expect(oneWord.code).toBe(2);
    expect(oneWord.stderr).toContain('give the program and each of its arguments as separate words after --, with ${secret:C6_API_KEY} in the secret');
    expect(oneWord.stderr).not.toContain('--command');
    expect(oneWord.stdout + oneWord.stderr).not.toContain(KEY);

    expect((await runCli(home, ['servers', 'add', 'prog', '--', 'node', '-e', '0'])).code).toBe(0);
    const edited = await runCli(home, ['servers', 'edit', 'prog', '--', `GITHUB_TOKEN=${PAT}`, 'npx', 'server-github']);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toContain("--env 'GITHUB_TOKEN=${secret:PROG_GITHUB_TOKEN}'");
    expect(edited.stderr).not.toContain('--command');
    // `servers edit --command` is where it was typed: the hint speaks of it.
    const flag = await runCli(home, ['servers', 'edit', 'prog', '--command', `node --api-key=${KEY}`]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--command holds a secret in clear');
    expect(flag.stderr).toContain('give the program alone to --command and its arguments after --');
    for (const run of [assignment, oneWord, edited, flag]) {
      for (const hint of run.stderr.split('\n').filter((line) => /hint:/i.test(line))) expect(hint).toMatch(/^ {2}hint: [^a-z]/);
    }
  }, 60_000);
});
