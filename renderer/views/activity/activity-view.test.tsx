// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, PendingApproval } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

function approval(id: string, tool: string): PendingApproval {
  return { id, agent: 'claude', server: 'github', kind: 'tool', tool, tier: 'destructive', requestedAt: Date.now(), expiresAt: Date.now() + 60_000 };
}

const ENTRY: AuditEntry = { time: Date.now(), agent: 'claude', server: 'github', kind: 'tool', tool: 'list_issues', durationMs: 42, outcome: 'ok' };

describe('activity', () => {
  it('decides pending approvals: Allow, Deny and Always allow', async () => {
    const api = createFakeApi({
      listApprovals: () => [approval('a1', 'delete_repo'), approval('a2', 'create_issue'), approval('a3', 'merge_pr')],
      decideApproval: () => ({ ok: true }),
    });
    renderApp(api, { hash: '#/activity' });
    fireEvent.click(await screen.findByRole('button', { name: 'Allow delete_repo on github for claude' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deny create_issue on github for claude' }));
    fireEvent.click(screen.getByRole('button', { name: 'Always allow merge_pr on github for claude' }));
    await waitFor(() =>
      expect(api.callsOf('decide')).toEqual([
        { kind: 'call', id: 'a1', answer: { decision: 'allow' } },
        { kind: 'call', id: 'a2', answer: { decision: 'deny' } },
        { kind: 'call', id: 'a3', answer: { decision: 'allow', remember: true } },
      ]),
    );
    await waitFor(() => expect(screen.getByText('Nothing is waiting for your decision.')).toBeTruthy());
  });

  it('says in the text of "Always allow" what it applies to, the same words as its name (WCAG 2.5.3)', async () => {
    renderApp(createFakeApi({ listApprovals: () => [approval('a4', 'search_issues')] }), { hash: '#/activity' });
    const always = await screen.findByRole('button', { name: 'Always allow search_issues on github for claude' });
    expect(always.textContent).toBe('Always allow search_issues on github for claude');
    expect(always.hasAttribute('aria-label')).toBe(false);
    // Allow and Deny are named by their text first, then what they decide.
    const allow = screen.getByRole('button', { name: 'Allow search_issues on github for claude' });
    expect(allow.getAttribute('aria-label')?.startsWith(allow.textContent ?? '-')).toBe(true);
  });

  it('says when an agent waits to read a resource, and offers no "Always allow" for it', async () => {
    const read: PendingApproval = { ...approval('r1', 'file:///notes/plan.md'), kind: 'resource', tier: 'read' };
    renderApp(createFakeApi({ listApprovals: () => [read] }), { hash: '#/activity' });
    const item = await screen.findByRole('listitem', { name: /waits to read the resource file:\/\/\/notes\/plan\.md on github/ });
    expect(within(item).getByRole('button', { name: 'Allow file:///notes/plan.md on github for claude' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /^Always allow/ })).toBeNull();
    // The tier in the word Agents' policy uses for it.
    expect(within(item).getByText('read-only')).toBeTruthy();
  });

  it('says on a waiting call why it was held whatever the policy: a value from the vault in its arguments, named', async () => {
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    renderApp(createFakeApi({ listApprovals: () => [{ ...approval('w1', 'echo'), tier: 'read', arguments: { message: '[secret GITHUB_TOKEN]' }, warning }] }), { hash: '#/activity' });
    const item = await screen.findByRole('listitem', { name: /waits to call .*echo/ });
    expect(within(item).getByRole('note').textContent).toContain(`Held for you whatever claude's policy says: ${warning}.`);
    // Such a call is held whatever a rule says: "Always allow" would not stop the next one.
    expect(within(item).getByRole('button', { name: 'Allow echo on github for claude' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /^Always allow/ })).toBeNull();
  });

  it("says a held search is the bridge's own, on no service, and offers no \"Always allow\" for it", async () => {
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    const search: PendingApproval = { ...approval('s1', 'search_tools'), server: '', tier: 'read', arguments: { query: '[secret GITHUB_TOKEN]' }, warning };
    renderApp(createFakeApi({ listApprovals: () => [search] }), { hash: '#/activity' });
    const item = await screen.findByRole('listitem', { name: /waits to call search_tools \(Connected Services' own search, reaching no service\)/ });
    expect(within(item).getByRole('button', { name: 'Allow search_tools of Connected Services for claude' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /^Always allow/ })).toBeNull();
  });

  it('shows the arguments of a waiting call when the person records them', async () => {
    const call: PendingApproval = { ...approval('c1', 'create_issue'), arguments: { title: 'Crash on start' } };
    renderApp(createFakeApi({ listApprovals: () => [call] }), { hash: '#/activity' });
    const args = await screen.findByRole('group', { name: 'Arguments of create_issue on github' });
    expect(args.textContent).toContain('Crash on start');
  });

  it('lists the arguments by name and value, folds a long value, expands it from the keyboard, and keeps the JSON under Details', async () => {
    const body = `Hello Bob, ${'the quarterly numbers are attached. '.repeat(20)}Regards`;
    const call: PendingApproval = { ...approval('c3', 'send_email'), arguments: { to: ['bob@example.test', 'ann@example.test'], subject: 'Q3', body } };
    renderApp(createFakeApi({ listApprovals: () => [call] }), { hash: '#/activity' });
    const args = await screen.findByRole('group', { name: 'Arguments of send_email on github' });
    const pairs = [...args.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent?.slice(0, 30)]);
    expect(pairs).toEqual([
      ['to', 'bob@example.test, ann@example.'],
      ['subject', 'Q3'],
      ['body', 'Hello Bob, the quarterly numbe'],
    ]);
    expect(args.textContent).not.toContain('{');
    expect(args.textContent).not.toContain('Regards');
    const expand = within(args).getByRole('button', { name: `Show all ${body.length} characters` });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expand.focus();
    expect(document.activeElement).toBe(expand);
    fireEvent.click(expand);
    expect(args.textContent).toContain(body);
    const fold = within(args).getByRole('button', { name: 'Fold' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fold);
    expect(args.textContent).not.toContain('Regards');
    // The raw JSON is one disclosure away, closed at first.
    const raw = screen.getByRole('group', { name: 'The arguments of send_email on github as JSON' });
    expect(raw.closest('details')?.open).toBe(false);
    expect(raw.textContent).toContain('"subject": "Q3"');
  });

  it("leads with the name the call uses and its server, the server's title for the tool after them", async () => {
    const call: PendingApproval = { ...approval('c6', 'create_issue'), arguments: { title: 'Crash' } };
    const api = createFakeApi({
      listApprovals: () => [call],
      listTools: () => [{ server: 'github', name: 'create_issue', title: 'Create an issue', inputSchema: { type: 'object' } }],
    });
    renderApp(api, { hash: '#/activity' });
    const item = await screen.findByRole('listitem', { name: /waits to call create_issue on github, titled “Create an issue”/ });
    expect(within(item).getByText('create_issue').tagName).toBe('CODE');
    expect(within(item).queryByText('Create an issue')).toBeNull(); // not bold on its own: part of the sentence
  });

  it('says how long a value the core cut for showing was, not the length of what it kept', async () => {
    const kept = 'x'.repeat(8192);
    const call: PendingApproval = { ...approval('c4', 'send_email'), arguments: { body: `${kept}… [cut: 11,808 more characters]` } };
    renderApp(createFakeApi({ listApprovals: () => [call] }), { hash: '#/activity' });
    const args = await screen.findByRole('group', { name: 'Arguments of send_email on github' });
    expect(within(args).getByRole('button', { name: 'Show the first 8,192 of 20,000 characters' })).toBeTruthy();
    // Try-out: a payload past the cut could not be seen while Allow stayed as inviting as ever.
    const item = screen.getByRole('listitem', { name: /waits to call/ });
    expect(within(item).getByRole('note').textContent).toContain('too long to show here, so you cannot see all of it');
  });

  it('says nothing is hidden when nothing was cut', async () => {
    const call: PendingApproval = { ...approval('c5', 'send_email'), arguments: { body: 'short' } };
    renderApp(createFakeApi({ listApprovals: () => [call] }), { hash: '#/activity' });
    const item = await screen.findByRole('listitem', { name: /waits to call/ });
    expect(within(item).queryByRole('note')).toBeNull();
  });

  it('shows hidden characters in what an agent asks for as escapes, so a bidi override cannot disguise it', async () => {
    const call: PendingApproval = { ...approval('c2', 'write\u202Efdp.exe'), arguments: { path: '/home/me/notes/\u202Etxt.hs' } };
    renderApp(createFakeApi({ listApprovals: () => [call] }), { hash: '#/activity' });
    const item = await screen.findByRole('listitem', { name: /waits to call/ });
    expect(item.textContent).not.toMatch(/\u202E/);
    expect(item.textContent).toContain('/home/me/notes/\\u202etxt.hs');
    expect(item.textContent).toContain('write\\u202efdp.exe');
  });

  it('adds approvals from events and drops them when decided elsewhere, with a count in the navigation', async () => {
    const api = createFakeApi();
    renderApp(api, { hash: '#/activity' });
    await screen.findByText('Nothing is waiting for your decision.');
    act(() => api.emit('approvalPending', approval('b1', 'send_mail')));
    expect(screen.getByRole('button', { name: 'Allow send_mail on github for claude' })).toBeTruthy();
    // Named by its content (no aria-label), so what is seen is inside what is announced.
    expect(screen.getByRole('link', { name: 'Activity 1 waiting for approval' }).hasAttribute('aria-label')).toBe(false);
    act(() => api.emit('approvalDecided', { id: 'b1', decision: 'timeout' }));
    expect(screen.queryByRole('button', { name: 'Allow send_mail on github for claude' })).toBeNull();
  });

  it('lists audit entries, filters them through the API and adds live entries', async () => {
    const api = createFakeApi({ readAudit: () => [ENTRY], listAgents: () => [] });
    renderApp(api, { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('list_issues')).toBeTruthy();
    act(() => api.emit('auditEntry', { ...ENTRY, tool: 'create_issue', outcome: 'denied', time: Date.now() + 1 }));
    expect(within(screen.getByRole('table')).getByText('create_issue')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome' }), { target: { value: 'denied' } });
    await waitFor(() => expect(api.callsOf('readAudit').at(-1)).toEqual({ limit: 200, outcome: 'denied' }));
  });
});
