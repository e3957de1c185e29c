import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const AGENTS = ['c1', 'c2', 'c3', 'c4'];

/** Several `agents connect` to one client file at once: each entry written is there, each refused connect leaves the agent's token. */
describe('agents connect, several at once to one client file', () => {
  it('loses no entry and rotates no token for a refused connect', async () => {
    const user = mkdtempSync(join(tmpdir(), 'cs-concurrent-home-'));
    const env = { HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_PASSPHRASE: 'correct-horse-battery-staple-xyz' };
    const dataDir = await passphraseHome(env, 'cs-connect-concurrent-');
    const tokens = new Map<string, string>();
    for (const agent of AGENTS) {
      const added = await runCli(dataDir, ['agents', 'add', agent, '--servers', '*'], { env });
      expect(added.code).toBe(0);
      tokens.set(agent, /cs_agent_[A-Za-z0-9_-]+/.exec(added.stdout + added.stderr)?.[0] ?? '');
    }
    mkdirSync(join(user, '.cursor'));
    const file = join(user, '.cursor', 'mcp.json');
    writeFileSync(file, '{"mcpServers":{"mine":{"command":"x"}}}\n');

    const results = await Promise.all(AGENTS.map((agent) => runCli(dataDir, ['agents', 'connect', agent, '--client', 'cursor'], { env, timeoutMs: 60_000 })));

    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"mine"');
    expect(results.filter((r) => r.code === 0).length).toBeGreaterThan(0);
    for (const [i, agent] of AGENTS.entries()) {
      const result = results[i]!;
      if (result.code === 0) {
        expect(text).toContain(`"connected-services-${agent}"`);
        continue;
      }
      expect(result.code).toBe(2);
      // Refused either way a writer before it shows (both say to run it again): its diff's base is gone,
      // or the file was replaced while this one read it.
      const refusals = [`${file} changed since its diff was shown`, `${file} was replaced while it was being read`];
      expect(refusals.some((refusal) => result.stderr.includes(refusal)), result.stderr).toBe(true);
      expect(text).not.toContain(`"connected-services-${agent}"`);
      // Refused before its token changed: the token it was added with still belongs to it.
      const check = await runCli(dataDir, ['agents', 'connect', agent, '--client', 'gemini-cli', '--token-stdin'], { env, input: tokens.get(agent)!, timeoutMs: 30_000 });
      expect(check.stderr).not.toContain('does not belong');
      expect(check.code).toBe(0);
    }
    // No lock file is left behind.
    expect(readdirSync(join(user, '.cursor')).filter((name) => name.endsWith('.lock'))).toEqual([]);
  }, 180_000);

  it('agents remove --from-clients, several at once, leaves no entry of a removed agent in the file', async () => {
    const user = mkdtempSync(join(tmpdir(), 'cs-concurrent-home-'));
    const env = { HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_PASSPHRASE: 'correct-horse-battery-staple-xyz' };
    const dataDir = await passphraseHome(env, 'cs-remove-concurrent-');
    mkdirSync(join(user, '.cursor'));
    const file = join(user, '.cursor', 'mcp.json');
    writeFileSync(file, '{"mcpServers":{"mine":{"command":"x"}}}\n');
    for (const agent of AGENTS) {
      expect((await runCli(dataDir, ['agents', 'add', agent, '--servers', '*'], { env })).code).toBe(0);
      expect((await runCli(dataDir, ['agents', 'connect', agent, '--client', 'cursor'], { env, timeoutMs: 30_000 })).code).toBe(0);
    }
    const results = await Promise.all(AGENTS.map((agent) => runCli(dataDir, ['agents', 'remove', agent, '--from-clients'], { env, timeoutMs: 60_000 })));
    expect(results.map((r) => r.code)).toEqual(AGENTS.map(() => 0));
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"mine"');
    expect(text).not.toContain('connected-services-c');
  }, 180_000);
});
