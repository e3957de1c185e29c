// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTSIDE_ANY_CALL, type AuditEntry } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const BASE: AuditEntry = { time: Date.now(), agent: 'claude', server: 'github', kind: 'tool', tool: 'list_issues', durationMs: 54_162, outcome: 'ok', approval: 'person' };

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('audit log', () => {
  it('marks a call an app made in the app as from an app, not an agent', async () => {
    const entry: AuditEntry = { ...BASE, agent: '', via: 'app', tool: 'poll', tier: 'write', approval: undefined, durationMs: 30, callMs: 30 };
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(bodyRows(table)[0]?.textContent).toContain('from an app');
    fireEvent.click(within(table).getByRole('button', { name: /^Details of poll on github/ }));
    expect(table.textContent).toContain('you, confirming it in the app');
  });

  it("names who stands where no agent is recorded: the person's own call, a request outside any call, a request refused at the door", async () => {
    const entries: AuditEntry[] = [
      { ...BASE, agent: '', kind: 'elicitation', tool: 'create_issue', approval: undefined, answer: 'accept', answeredBy: 'person' },
      { ...BASE, agent: '', kind: 'sampling', tool: OUTSIDE_ANY_CALL, approval: undefined, answer: 'decline', answeredBy: 'person', outcome: 'denied' },
      { ...BASE, agent: '', server: '', kind: 'request', tool: 'Host: evil.test', approval: undefined, outcome: 'denied', errorCode: 'denied', durationMs: 0 },
    ];
    renderApp(createFakeApi({ readAudit: () => entries, listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    const agents = bodyRows(table).map((row) => row.querySelector('td[data-label="Agent"]')?.textContent);
    expect(agents).toEqual(['you', 'no call', 'not known']);
  });

  it('shows why a call was held for the person (a value from the vault in its arguments) on its row, and who decided it', async () => {
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    const entry: AuditEntry = { ...BASE, tool: 'echo', tier: 'read', decidedBy: 'tier', outcome: 'denied', warning };
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(within(bodyRows(table)[0] as HTMLElement).getByRole('note').textContent).toBe(`Held for you: ${warning}`);
    fireEvent.click(within(table).getByRole('button', { name: /^Details of echo on github/ }));
    expect(table.textContent).toContain(`you (held for you: ${warning})`);
  });

  it('says how many refusals a counted line stands for', async () => {
    const entry: AuditEntry = { ...BASE, server: '', tool: 'nope', outcome: 'error', errorCode: 'not_found', approval: undefined, durationMs: 0, repeated: 3630 };
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(bodyRows(table)[0]?.textContent).toContain('and 3630 more refused in that minute');
  });

  it('says how many calls a counted line of calls that ran stands for, and why a left-out entry has no arguments', async () => {
    const counted: AuditEntry = { ...BASE, tool: 'echo', approval: undefined, durationMs: 1, callMs: 1, repeated: 900 };
    const left: AuditEntry = { ...BASE, time: BASE.time - 1, tool: 'echo', approval: undefined, durationMs: 1, callMs: 1, leftOut: 'flood' };
    renderApp(createFakeApi({ readAudit: () => [counted, left], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(bodyRows(table)[0]?.textContent).toContain('and 900 more calls like it in that minute');
    expect(bodyRows(table)[0]?.textContent).not.toContain('refused');
    fireEvent.click(within(bodyRows(table)[1] as HTMLElement).getByRole('button'));
    expect(table.textContent).toContain('Left out: this agent had already recorded 256 KiB of arguments and results in that minute.');
  });

  it('says what a listing switch searches and why: each server past the bound, by its size', async () => {
    const listing = { searched: [{ server: 'wide', bytes: 4.3 * 1024 * 1024 }], every: false, boundBytes: 4 * 1024 * 1024 };
    const entry: AuditEntry = { ...BASE, server: 'wide', kind: 'listing', tool: 'tools/list', approval: undefined, durationMs: 0, listing };
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(bodyRows(table)[0]?.textContent).toContain('searches wide (4.3 MiB) instead of listing them: past 4.0 MiB each');
  });

  it('says how many switches a counted listing line stands for: switches, not refusals', async () => {
    const listing = { searched: [], every: false, boundBytes: 4 * 1024 * 1024 };
    const entry: AuditEntry = { ...BASE, server: '', kind: 'listing', tool: 'tools/list', approval: undefined, durationMs: 0, listing, repeated: 94 };
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(bodyRows(table)[0]?.textContent).toContain('and 94 more switches in that minute');
    expect(bodyRows(table)[0]?.textContent).not.toContain('refused');
  });

  it('says who decided and how long a call took, in words', async () => {
    const api = createFakeApi({
      readAudit: () => [BASE, { ...BASE, time: BASE.time - 1, tool: 'delete_repo', outcome: 'denied', durationMs: 120, approval: 'timeout' }],
      listAgents: () => [],
    });
    renderApp(api, { hash: '#/activity' });
    const table = await screen.findByRole('table');
    const [first, second] = bodyRows(table);
    expect(first?.textContent).toContain('54 s');
    expect(first?.textContent).toContain('allowed by you');
    expect(first?.textContent).not.toContain('54162');
    expect(second?.textContent).toContain('120 ms');
    expect(second?.textContent).toContain('denied: timed out');
  });

  it("opens a row to its arguments, result, who decided and the call's own time with the wait apart", async () => {
    const entry: AuditEntry = { ...BASE, durationMs: 4_250, callMs: 250, waitMs: 4_000, tier: 'write', decidedBy: 'tier', arguments: { q: 'bugs' }, result: { content: [{ type: 'text', text: '3 issues' }] } };
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(bodyRows(table)[0]?.textContent).toContain('250 ms');
    const open = within(table).getByRole('button', { name: /^Details of list_issues on github/ });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(within(table).getByRole('group', { name: /^Arguments of list_issues/ }).textContent).toContain('"q": "bugs"');
    expect(within(table).getByRole('group', { name: /^Result of list_issues/ }).textContent).toContain('3 issues');
    expect(table.textContent).toContain("you (claude's setting for write tools says ask)");
    expect(table.textContent).toContain('250 ms, after waiting 4 s for you');
  });

  it('says arguments were not recorded, and names a rule that decided', async () => {
    const entry: AuditEntry = { ...BASE, approval: undefined, durationMs: 30, callMs: 30, tier: 'destructive', decidedBy: 'rule' };
    renderApp(createFakeApi({ readAudit: () => [entry], listAgents: () => [] }), { hash: '#/activity' });
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: /^Details of/ }));
    expect(table.textContent).toContain(`claude's rule for this one tool ("always allow")`);
    expect(table.textContent).toContain('Not recorded.');
    // Said once, under the arguments; the result says only that it was not kept either.
    expect(table.textContent?.split('set settings.auditArguments').length).toBe(2);
    expect(table.textContent).toContain('Not recorded either.');
  });

  it("shows a minute's count read while it runs as so far, and puts the written count in its place when the minute ends", async () => {
    const counting: AuditEntry = { ...BASE, server: '', tool: 'nope', outcome: 'error', errorCode: 'not_found', approval: undefined, durationMs: 0, repeated: 40, counting: true };
    const api = createFakeApi({ readAudit: () => [counting], listAgents: () => [] });
    renderApp(api, { hash: '#/activity' });
    const table = await screen.findByRole('table');
    expect(bodyRows(table)[0]?.textContent).toContain('and 40 more refused so far this minute');
    const { counting: _live, ...written } = counting;
    act(() => api.emit('auditEntry', { ...written, repeated: 55 }));
    expect(bodyRows(table)).toHaveLength(1);
    expect(bodyRows(table)[0]?.textContent).toContain('and 55 more refused in that minute');
  });

  it('keeps newest first by arrival when a call that arrived earlier is written later', async () => {
    const api = createFakeApi({ readAudit: () => [{ ...BASE, tool: 'quick', time: 2_000 }], listAgents: () => [] });
    renderApp(api, { hash: '#/activity' });
    const table = await screen.findByRole('table');
    act(() => api.emit('auditEntry', { ...BASE, tool: 'slow', time: 1_000 }));
    act(() => api.emit('auditEntry', { ...BASE, tool: 'newest', time: 3_000 }));
    expect(bodyRows(table).map((r) => r.querySelector('code')?.textContent)).toEqual(['newest', 'quick', 'slow']);
  });

  it('keeps an open row open, and the same row, while new calls arrive above it', async () => {
    const api = createFakeApi({ readAudit: () => [{ ...BASE, tool: 'opened', time: 2_000, arguments: { q: 'kept' } }], listAgents: () => [] });
    renderApp(api, { hash: '#/activity' });
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: /^Details of opened on github/ }));
    const opened = within(table).getByRole('button', { name: /^Details of opened on github/ });
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    act(() => api.emit('auditEntry', { ...BASE, tool: 'newer', time: 3_000 }));
    act(() => api.emit('auditEntry', { ...BASE, tool: 'newest', time: 4_000 }));
    expect(bodyRows(table).map((r) => r.querySelector('code')?.textContent).filter(Boolean)).toEqual(['newest', 'newer', 'opened']);
    // The same element (not a new row in its place), still open, its details still shown below it.
    expect(within(table).getByRole('button', { name: /^Details of opened on github/ })).toBe(opened);
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    expect(within(table).getByRole('button', { name: /^Details of newest on github/ }).getAttribute('aria-expanded')).toBe('false');
    expect(table.textContent).toContain('kept');
  });

  it('keeps the calls that arrive while a filter change reads the log, once each, when the answer comes', async () => {
    const reads: ((list: AuditEntry[]) => void)[] = [];
    const api = createFakeApi({ readAudit: () => new Promise<AuditEntry[]>((resolve) => reads.push(resolve)), listAgents: () => [] });
    renderApp(api, { hash: '#/activity' });
    await waitFor(() => expect(reads).toHaveLength(1));
    act(() => reads[0]?.([{ ...BASE, tool: 'first', time: 1_000 }]));
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome' }), { target: { value: 'ok' } });
    await waitFor(() => expect(reads).toHaveLength(2));
    const written = { ...BASE, tool: 'written', time: 2_000, arguments: { q: 1 } };
    // Arrives before the read and is in its answer (without its arguments, as a bounded answer has it); then one that is not.
    act(() => api.emit('auditEntry', written));
    act(() => api.emit('auditEntry', { ...BASE, tool: 'during', time: 3_000 }));
    act(() => api.emit('auditEntry', { ...BASE, tool: 'refused', time: 3_500, outcome: 'denied' }));
    const { arguments: _left, ...answered } = written;
    act(() => reads[1]?.([{ ...answered, leftOut: 'answer' }, { ...BASE, tool: 'first', time: 1_000 }]));
    const table = await screen.findByRole('table');
    expect(bodyRows(table).map((r) => r.querySelector('code')?.textContent)).toEqual(['during', 'written', 'first']);
    act(() => api.emit('auditEntry', { ...BASE, tool: 'after', time: 4_000 }));
    expect(bodyRows(table).map((r) => r.querySelector('code')?.textContent)).toEqual(['after', 'during', 'written', 'first']);
  });

  it('an empty log says where calls come from and links to Agents; filtered, it says the filters', async () => {
    renderApp(createFakeApi({ readAudit: () => [], listAgents: () => [] }), { hash: '#/activity' });
    const note = await screen.findByText(/^No calls recorded yet\./);
    expect(note.textContent).toBe('No calls recorded yet. Each call an agent makes through the bridge shows here: connect an agent to start.');
    expect(within(note).getByRole('link', { name: 'connect an agent' }).getAttribute('href')).toBe('#/agents');
    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome' }), { target: { value: 'error' } });
    expect((await screen.findByText('No calls recorded for these filters.')).querySelector('a')).toBeNull();
  });

  it('an empty log with agent calls waiting above says they show here once decided, not to connect an agent', async () => {
    const waiting = { id: 'a1', agent: 'claude', server: 'github', kind: 'tool', tool: 'delete_repo', tier: 'destructive', requestedAt: Date.now(), expiresAt: Date.now() + 60_000 } as const;
    renderApp(createFakeApi({ readAudit: () => [], listAgents: () => [], listApprovals: () => [waiting] }), { hash: '#/activity' });
    await screen.findByRole('button', { name: 'Allow delete_repo on github for claude' });
    const note = await screen.findByText(/^No calls recorded yet\./);
    expect(note.textContent).toBe('No calls recorded yet. The agent calls waiting for you above show here once you allow or deny them.');
    expect(within(note).queryByRole('link')).toBeNull();
  });
});
