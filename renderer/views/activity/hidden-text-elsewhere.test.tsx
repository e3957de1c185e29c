// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, PendingApproval } from '../../../shared/api';
import { MAX_TITLE } from '../../../shared/text';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const entry: AuditEntry = { time: Date.now(), agent: 'claude', server: 'github', kind: 'tool', tool: 'list\u202Eseussi', durationMs: 5, outcome: 'ok', approval: 'person' };

describe('text a server or mcp.json controls, outside the service screen', () => {
  it('the audit log shows a tool name with a bidi override as an escape', async () => {
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('list\\u202eseussi')).toBeTruthy();
    expect(table.textContent).not.toContain('\u202E');
  });

  it("the audit log shows a tampered file's agent and service names escaped and cut, in its rows and its agent filter", async () => {
    const hostile: AuditEntry = { ...entry, agent: `evil\u202E${'a'.repeat(5000)}`, server: 'gh\u2067b', tool: 'echo' };
    renderApp(createFakeApi({ readAudit: () => [hostile], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    const cells = within(table).getAllByRole('cell');
    const agent = cells.find((c) => c.getAttribute('data-label') === 'Agent');
    expect(agent?.textContent?.startsWith('evil\\u202eaaa')).toBe(true);
    expect(agent?.textContent?.endsWith('…')).toBe(true);
    // Cut to MAX_TITLE points, then the one hidden character spelled out (6 characters for 1).
    expect([...(agent?.textContent ?? '')].length).toBe(MAX_TITLE + 5);
    expect(within(table).getByText('gh\\u2067b')).toBeTruthy();
    const option = screen.getAllByRole('option').find((o) => o.getAttribute('value') === hostile.agent);
    expect(option?.textContent).toBe(agent?.textContent);
    expect(document.body.textContent).not.toMatch(/[\u202E\u2067]/);
  });

  it("the services list shows a server's address and its last error with escapes", async () => {
    const mine = serverStatus({
      name: 'mine',
      commandLine: 'node /srv/a\u2067b.js',
      state: 'error',
      lastError: { code: 'server_unavailable', message: 'exited: \u202Edetpurroc' },
    });
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [mine] }) });
    renderApp(api, { hash: '#/services/mine' });
    expect(await screen.findByText('exited: \\u202edetpurroc')).toBeTruthy();
    cleanup();
    renderApp(api, { hash: '#/' });
    expect((await screen.findAllByText('node /srv/a\\u2067b.js')).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('\u2067');
  });

  // The card showed the name escaped while Allow's and Deny's names read the override to a screen reader.
  it("names a waiting call's Allow and Deny with its tool name escaped, as the card shows it", async () => {
    const pending: PendingApproval = { id: 'h1', agent: 'claude', server: 'github', kind: 'tool', tool: 'list\u202Eseussi', tier: 'read', requestedAt: Date.now(), expiresAt: Date.now() + 60_000 };
    renderApp(createFakeApi({ listApprovals: () => [pending] }), { hash: '#/activity' });
    expect(await screen.findByRole('button', { name: 'Allow list\\u202eseussi on github for claude' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deny list\\u202eseussi on github for claude' })).toBeTruthy();
    const labels = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? '');
    expect(labels.join(' ')).not.toContain('\u202E');
  });
});
