import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'agents find scope passphrase', PATH: dirname(process.execPath) };

/** A stdio server that says its name on stderr and exits at once: each start of it is seen. */
const exiting = (label: string) => ({ command: process.execPath, args: ['-e', `process.stderr.write('${label} started\\n'); process.exit(3)`] });

// `agents find codr echo` started every server, printing their errors, before it said there was no
// agent "codr"; for a real agent it started servers the agent may not use.
describe('agents find starts only what the agent may search', () => {
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV, timeoutMs: 60_000 });

  beforeAll(async () => {
    home = await passphraseHome(ENV, 'cs-agents-find-scope-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { h1: exiting('h1'), h2: exiting('h2') } }), { mode: 0o600 });
    for (const server of ['h1', 'h2']) {
      const approved = await cli(['servers', 'approve', server]);
      expect(approved.code, approved.stderr).toBe(0);
    }
    const added = await cli(['agents', 'add', 'coder', '--servers', 'h1']);
    expect(added.code, added.stderr).toBe(0);
  }, 60_000);

  it('an unknown agent is said first, with the one meant, and no server is started', async () => {
    const typo = await cli(['agents', 'find', 'codr', 'echo']);
    expect(typo.code).toBe(3);
    expect(typo.stderr).toContain('No agent named "codr"');
    expect(typo.stderr).toContain('Did you mean coder?');
    expect(typo.stderr).not.toContain('fetching the inventory');
    expect(typo.stderr).not.toContain('started');
  });

  it("a known agent's search starts its own servers only", async () => {
    const found = await cli(['agents', 'find', 'coder', 'echo']);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stderr).toContain('fetching the inventory of h1');
    expect(found.stderr).not.toContain('h2');
  });
});
