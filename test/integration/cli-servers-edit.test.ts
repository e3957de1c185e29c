import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';
import { FAULT_SERVER, ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';

// `servers edit` and `servers restart` with the real CLI, no app running.
describe('CLI: servers edit and servers restart', () => {
  it('edits a stdio server in place; a changed command waits for approval again', async () => {
    const home = tempHome('cs-cli-edit-');
    expect((await runCli(home, ['servers', 'add', 'f', '--cwd', ROOT, '--', process.execPath, ...tsEntry(FAULT_SERVER)])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'f', '--yes'])).code).toBe(0);

    const described = await runCli(home, ['servers', 'edit', 'f', '--description', 'the fault server']);
    expect(described.code, described.stderr).toBe(0);
    expect(described.stdout).toBe('Changed f.\n');
    // The same again changes nothing, and says so: no "Changed", no change in the admin log.
    const admin = (): string => readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8');
    const logged = admin();
    const again = await runCli(home, ['servers', 'edit', 'f', '--description', 'the fault server', '--cwd', ROOT]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('Nothing changed: f already is as given.\n');
    expect(admin()).toBe(logged);
    // A call timeout is changed in place (no approval: it changes no command), and "" gives the default back.
    const timed = await runCli(home, ['servers', 'edit', 'f', '--timeout', '120000']);
    expect(timed.stdout, timed.stderr).toBe('Changed f.\n');
    expect((JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { timeoutMs?: number }> }).mcpServers['f']?.timeoutMs).toBe(120_000);
    expect((await runCli(home, ['servers', 'edit', 'f', '--timeout', ''])).code).toBe(0);
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('timeoutMs');

    const edited = await runCli(home, ['servers', 'edit', 'f', '--env', 'FAULT_MODE=normal']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toContain('needs your approval before it runs again: connected-services servers approve f');
    // Waiting already, a note changed is no changed command: it still waits, as before.
    const noted = await runCli(home, ['servers', 'edit', 'f', '--description', 'the fault server, again']);
    expect(noted.stdout, noted.stderr).toBe('Changed f.\nIt still waits for your approval before it runs: connected-services servers approve f\n');
    expect((await runCli(home, ['servers', 'edit', 'f', '--description', 'the fault server'])).code).toBe(0);
    const file = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(file.mcpServers['f']).toEqual({ command: process.execPath, args: tsEntry(FAULT_SERVER), cwd: ROOT, description: 'the fault server', env: { FAULT_MODE: 'normal' } });

    // Unapproved, it does not start; approved, restart starts it.
    const refused = await runCli(home, ['servers', 'restart', 'f']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('waiting for your approval');
    expect((await runCli(home, ['servers', 'approve', 'f', '--yes'])).code).toBe(0);
    const restarted = await runCli(home, ['servers', 'restart', 'f']);
    expect(restarted.code, restarted.stderr).toBe(0);
    expect(restarted.stdout).toBe('Restarted f: ready.\n');

    const missing = await runCli(home, ['servers', 'edit', 'nope', '--command', 'x']);
    expect(missing.code).toBe(3);
    const wrong = await runCli(home, ['servers', 'edit', 'f', '--url', 'https://x.example/mcp']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('this is a stdio server');
  }, 60_000);

  it('an empty --command or --url is refused in the words typed, the entry unchanged', async () => {
    const home = tempHome('cs-cli-edit-empty-');
    expect((await runCli(home, ['servers', 'add', 'f', '--', process.execPath, '-e', '0'])).code).toBe(0);
    expect((await runCli(home, ['servers', 'add', 'web', '--url', 'https://mcp.example.com/mcp'])).code).toBe(0);
    const before = readFileSync(join(home, 'mcp.json'), 'utf8');
    for (const [name, option, value] of [['f', '--command', ''], ['f', '--command', '  '], ['web', '--url', ''], ['web', '--url', ' ']] as const) {
      const refused = await runCli(home, ['servers', 'edit', name, option, value]);
      expect(refused.code, `${option} "${value}"`).toBe(2);
      expect(refused.stderr).toContain(`${option} was given an empty value: give one, or leave ${option} out`);
      expect(refused.stderr).not.toMatch(/\b(command|url): /);
    }
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).toBe(before);
    const added = await runCli(home, ['servers', 'add', 'other', '--url', '']);
    expect(added.code).toBe(2);
    expect(added.stderr).toContain('--url was given an empty value');
  }, 60_000);

  it('restart --failed with nothing failed says so, and restart needs a name or --failed', async () => {
    const home = tempHome('cs-cli-restart-');
    const none = await runCli(home, ['servers', 'restart', '--failed']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('No server has failed.\n');
    const neither = await runCli(home, ['servers', 'restart']);
    expect(neither.code).toBe(2);
  }, 60_000);

  it('while an app runs: restart --failed restarts its failed servers there; an edit waits for the person', async () => {
    const home = tempHome('cs-cli-restart-app-');
    expect((await runCli(home, ['servers', 'add', 'broken', '--', 'definitely-not-a-command-cs-cli-restart'])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'broken', '--yes'])).code).toBe(0);
    const served = await startServe(home);
    try {
      await served.api('connect', { name: 'broken' });
      const restarted = await runCli(home, ['servers', 'restart', '--failed']);
      expect(restarted.code).toBe(1);
      expect(restarted.stderr).toContain('broken did not start');
      const status = (await served.api('status', {})).body.result as { servers: Array<{ name: string; history: unknown[] }> };
      // connect, then the restart: two more starts in the app's own history.
      expect(status.servers.find((s) => s.name === 'broken')?.history.length).toBeGreaterThanOrEqual(5);
      const edit = await runCli(home, ['servers', 'edit', 'broken', '--command', 'still-missing']);
      expect(edit.code).toBe(4);
      expect(edit.stderr).toContain('Waiting for confirmation in the app: change the server "broken": command definitely-not-a-command-cs-cli-restart → still-missing');
    } finally {
      await served.stop();
    }
  }, 90_000);
});
