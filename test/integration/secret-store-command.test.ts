import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAsPerson, eventually } from '../support/serve';
import { storeScenario, textOf, type StoreScenario } from '../support/secret-store-scenario';

// docs/vault.md, "Command stores": a password manager's command line, run without a shell, only once
// the person approved its exact command line (as a server's command is); then its secret reaches the
// server's environment and no agent or log.
const MANAGER = fileURLToPath(new URL('../fixtures/secret-stores/password-manager.mjs', import.meta.url));
const VALUE = 'command-store-value-77aa01';
const PATH = 'op://Private/GitHub token/credential';

describe('a command store, end to end', () => {
  let scenario: StoreScenario;
  let items: string;

  beforeAll(async () => {
    items = join(mkdtempSync(join(tmpdir(), 'cs-manager-')), 'items.json');
    writeFileSync(items, JSON.stringify({ items: { [PATH]: VALUE } }));
    scenario = await storeScenario({
      reference: `\${secret:op:${PATH}}`,
      settings: { secretStores: { op: { type: 'command', command: process.execPath, args: [MANAGER, items, 'read', '{path}'] } } },
    });
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
  });

  it('does not run before its command line is approved: the server waits in needs_auth saying how to approve it', async () => {
    const call = await scenario.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    const status = await scenario.serverStatus();
    expect(status.state).toBe('needs_auth');
    // The person's status holds the whole command line to review; the agent's call only that the store waits.
    expect(status.lastError?.message).toContain(`The secret store "op" runs \`${process.execPath} ${MANAGER} ${items} read {path}\`, which waits for your approval`);
    expect(textOf(call)).toContain('The secret store "op" waits for the person\'s approval.');
    const seen = JSON.stringify(call);
    for (const part of [basename(process.execPath), MANAGER, items, 'read {path}']) expect(seen).not.toContain(part);
    expect(status.lastError?.hint).toContain('connected-services secrets stores approve op');
    // The person's list keeps the whole line to review before approving it.
    const listed = await scenario.cli(['secrets', 'stores', '--json']);
    const op = (JSON.parse(listed.stdout) as { name: string; ok: boolean; approval?: string; detail?: string }[]).find((s) => s.name === 'op');
    expect(op).toMatchObject({ ok: false, approval: 'pending', used: true });
    expect(op?.detail).toContain(`runs \`${process.execPath} ${MANAGER} ${items} read {path}\`, which waits for your approval`);
    // The table: a store in use that does not answer fails the command; an unused default is only "not set up".
    const table = await scenario.cli(['secrets', 'stores']);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^op\s+command\s+unavailable\s+get\s/m);
    expect(table.stdout).toMatch(/^keepassxc\s+keepassxc\s+not set up\s+get,list\s/m);
    expect(table.stdout).toMatch(/^vault\s+vault\s+ok\s+get,list,set,delete\s/m);
    expect(table.stderr).toContain('op: Review it, then run `connected-services secrets stores approve op`.');
  });

  it('approved by the person (from the command line, confirmed in the app), it gives the server its secret', async () => {
    const asked = await scenario.cli(['secrets', 'stores', 'approve', 'op', '--yes']);
    await confirmAsPerson(scenario.served, asked);
    const listed = await scenario.cli(['secrets', 'stores', '--json']);
    expect((JSON.parse(listed.stdout) as { name: string; approval?: string }[]).find((s) => s.name === 'op')?.approval).toBe('approved');
    expect(listed.code).toBe(0);
    const restarted = await scenario.cli(['servers', 'restart', 'everything']);
    expect(restarted.code, restarted.stderr).toBe(0);
    const text = await scenario.agentEnv();
    expect(text).toContain('"STORE_VALUE": "[redacted]"');
    expect(text).not.toContain(VALUE);
    expect(scenario.everythingWritten()).not.toContain(VALUE);
  });

  it('a manager that is not signed in is the store’s clear error, with the server in needs_auth', async () => {
    writeFileSync(items, JSON.stringify({ locked: true }));
    expect((await scenario.cli(['servers', 'restart', 'everything'])).code).not.toBe(0);
    const status = await scenario.serverStatus();
    expect(status.state).toBe('needs_auth');
    expect(status.lastError?.message).toContain('The secret store "op" could not give');
    expect(status.lastError?.message).toContain('You are not signed in');
    expect(status.lastError?.hint).toContain('Sign in or unlock');
  });

  it('a complaint reaches agents, the status and the admin log redacted, escaped and without the program’s folder', async () => {
    const token = `ghp_${'Zy90'.repeat(9)}`;
    writeFileSync(items, JSON.stringify({ complaint: `session expired: ${token} \u001b[31mRED\u001b]0;title\u0007\u202eevil` }));
    expect((await scenario.cli(['servers', 'restart', 'everything'])).code).not.toBe(0);
    const call = await scenario.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    const seen = JSON.stringify(call);
    expect(textOf(call)).toContain('session expired: [redacted] \\u001b[31mRED\\u001b]0;title\\u0007\\u202eevil');
    const status = await scenario.serverStatus();
    expect(status.lastError?.message).toContain(`(${basename(process.execPath)}: session expired: [redacted] \\u001b[31mRED`);
    expect(status.lastError?.hint).toContain(`Sign in or unlock ${basename(process.execPath)} in a terminal`);
    for (const text of [seen, JSON.stringify(status), readFileSync(join(scenario.home, 'audit', 'admin.jsonl'), 'utf8')]) {
      expect(text).not.toContain(token);
      expect(text.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    }
    // The person's status shows the command lines they approved; an agent is told the program's name.
    expect(seen).not.toContain(process.execPath);
    expect(status.lastError?.message).not.toContain(process.execPath);
  });

  it('a changed command line waits for approval again', async () => {
    const file = join(scenario.home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { settings: { secretStores: { op: { args: string[] } } } };
    config.settings.secretStores.op.args = [MANAGER, items, 'read', '{path}', '--and-more'];
    writeFileSync(file, JSON.stringify(config));
    const approval = await eventually(async () => {
      const listed = await scenario.cli(['secrets', 'stores', '--json']);
      const op = (JSON.parse(listed.stdout) as { name: string; approval?: string; commandLine?: string }[]).find((s) => s.name === 'op');
      return op?.commandLine?.endsWith('--and-more') ? op.approval : undefined;
    });
    expect(approval).toBe('pending');
  });
});
