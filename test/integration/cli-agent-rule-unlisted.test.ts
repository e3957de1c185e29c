import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// In a new data folder a rule's tool could not be checked (the server had listed nothing yet), and
// `agents set --tool everything/echoo=allow` saved the typo without a word.
describe("agents set --tool for a server that has not listed its tools yet, through the built CLI", () => {
  it('keeps the rule and says its tool went unchecked; once listed, a typo is refused', async () => {
    const home = tempHome('cs-rule-unlisted-');
    expect((await runCli(home, ['agents', 'add', 'coder', '--servers', 'everything'])).code).toBe(0);
    const kept = await runCli(home, ['agents', 'set', 'coder', '--tool', 'everything/echoo=allow']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).toContain('note: "everything" has not listed its tools here yet, so "echoo" could not be checked against them: `connected-services tools everything` lists them');

    expect((await runCli(home, ['tools', 'everything'])).code).toBe(0);
    const refused = await runCli(home, ['agents', 'set', 'coder', '--tool', 'everything/echooo=allow']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"everything" has no tool "echooo" in its last inventory');
    const fine = await runCli(home, ['agents', 'set', 'coder', '--tool', 'everything/echo=allow']);
    expect(fine.code, fine.stderr).toBe(0);
    expect(fine.stderr).not.toContain('has not listed its tools');
  }, 90_000);
});
