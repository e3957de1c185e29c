import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { shifted, shiftingHome, SHIFTING_PASSPHRASE as PASSPHRASE } from '../support/shifting-core';

describe('what waits for review, named by tools, prompts and status', () => {
  it('says which server lists new or changed items agents do not see, and the command that shows them', async () => {
    const { home } = await shiftingHome('cs-held-notes-', (core) => shifted(core));
    const review = 'connected-services servers review shifting';

    const tools = await runCli(home, ['tools', 'shifting'], { env: PASSPHRASE });
    expect(tools.code, tools.stderr).toBe(0);
    // The held `upload` is not listed; the note says why, with the held tools counted.
    expect(tools.stdout).not.toContain('upload');
    expect(tools.stderr).toContain(`note: shifting lists 2 tools that are new or changed, which agents do not see until you review them (a changed one keeps its approved definition): ${review}`);

    const prompts = await runCli(home, ['prompts'], { env: PASSPHRASE });
    expect(prompts.code, prompts.stderr).toBe(0);
    expect(prompts.stderr).toContain(`note: shifting lists 2 prompts that are new or changed`);

    const status = await runCli(home, ['status'], { env: PASSPHRASE });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`held for review: shifting lists 2 tools and 2 prompts that are new or changed, which agents do not see until you review them (a changed one keeps its approved definition): ${review}`);

    // Once decided, nothing is said.
    expect((await runCli(home, ['servers', 'review', 'shifting', '--accept-all'], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['tools', 'shifting'], { env: PASSPHRASE })).stderr).not.toContain('review');
    expect((await runCli(home, ['status'], { env: PASSPHRASE })).stdout).not.toContain('held for review');
  });
});
