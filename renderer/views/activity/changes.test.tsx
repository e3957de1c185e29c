// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminEntry, Confirmation } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

function confirmation(patch: Partial<Confirmation> = {}): Confirmation {
  return {
    id: 'c-1',
    method: 'updateAgent',
    summary: 'change the agent "claude": servers → all; write → allow',
    input: { name: 'claude', servers: '*', policy: { write: 'allow' } },
    from: 'cli',
    pid: 4242,
    requestedAt: Date.now(),
    expiresAt: Date.now() + 600_000,
    ...patch,
  };
}

describe('activity: changes asked from the command line', () => {
  it('shows exactly what is asked and from where, and confirms or refuses it', async () => {
    const api = createFakeApi({
      listConfirmations: () => [confirmation(), confirmation({ id: 'c-2', method: 'addServer', summary: 'add the server "gh": node x.js (environment: T)', input: { name: 'gh', config: { command: 'node', args: ['x.js'], env: { T: '${secret:GH_TOKEN}' } } } })],
      decideConfirmation: ({ decision }) => ({ outcome: decision === 'confirm' ? 'confirmed' : 'refused' }),
    });
    renderApp(api, { hash: '#/activity' });
    const card = await screen.findByRole('listitem', { name: /the command line \(process 4242, as it says\) asks to change the agent "claude": services → all; write → allow/ });
    // An agent's change is said whole in words: its request as JSON waits under Details.
    const agentRaw = within(card).getByRole('group', { name: 'What c-1 runs', hidden: true });
    expect(agentRaw.textContent).toContain('"servers": "*"');
    expect(agentRaw.closest('details')?.open).toBe(false);
    // A server's entry is not (its summary names the environment's variables, not their values): shown.
    const server = screen.getByRole('listitem', { name: /asks to add the service "gh"/ });
    const serverRaw = within(server).getByRole('group');
    expect(serverRaw.textContent).toContain('${secret:GH_TOKEN}');
    expect(serverRaw.closest('details')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: /^Confirm:/ }));
    fireEvent.click(within(server).getByRole('button', { name: /^Refuse:/ }));
    await waitFor(() =>
      expect(api.callsOf('decide')).toEqual([
        { kind: 'confirmation', id: 'c-1', answer: { decision: 'confirm' } },
        { kind: 'confirmation', id: 'c-2', answer: { decision: 'refuse' } },
      ]),
    );
    await waitFor(() => expect(screen.getByText('Nothing is waiting for your decision.')).toBeTruthy());
  });

  it('keeps the keyboard in place: Confirm moves the focus to the next card, a token card takes it, Done gives it to the heading', async () => {
    const api = createFakeApi({
      listConfirmations: () => [confirmation(), confirmation({ id: 'c-2', summary: 'resume the bridge (agents can call again)' }), confirmation({ id: 'c-3', method: 'addAgent', summary: 'add the agent "helper"', input: { name: 'helper' } })],
      decideConfirmation: ({ id }) => (id === 'c-3' ? { outcome: 'confirmed', result: { agent: { name: 'helper' }, token: 'cs_agent_focus' } } : { outcome: 'confirmed' }),
    });
    renderApp(api, { hash: '#/activity' });
    const first = await screen.findByRole('listitem', { name: /asks to change the agent "claude"/ });
    fireEvent.click(within(first).getByRole('button', { name: /^Confirm:/ }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm: resume the bridge (agents can call again)' })));
    fireEvent.click(screen.getByRole('button', { name: /^Confirm: resume/ }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm: add the agent "helper"' })));
    fireEvent.click(screen.getByRole('button', { name: /^Confirm: add the agent/ }));
    const token = await screen.findByRole('status', { name: /Token for: add the agent "helper"/ });
    await waitFor(() => expect(token.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(token).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Waiting for you/ })));
  });

  it("says a review of a server's tools in words, its request as JSON only under Details", async () => {
    const digest = `0123456789abcdef${'f'.repeat(48)}`;
    const summary = 'review the tools of "notes": accept the tool "search" as shown (digest 0123456789abcdef)';
    const api = createFakeApi({ listConfirmations: () => [confirmation({ id: 'c-3', method: 'reviewChanges', summary, input: { name: 'notes', decisions: [{ kind: 'tool', name: 'search', decision: 'accept', digest }] } })] });
    renderApp(api, { hash: '#/activity' });
    const card = await screen.findByRole('listitem', { name: /asks to review the tools of "notes": accept the tool "search" as shown \(digest 0123456789abcdef\)/ });
    const raw = within(card).getByRole('group', { name: 'What c-3 runs', hidden: true });
    expect(raw.closest('details')?.open).toBe(false);
    expect(within(card).getByText('Details: the request as JSON')).toBeTruthy();
  });

  it('shows a waiting confirmation once, as its card under "Waiting for you", counted once', async () => {
    const api = createFakeApi({ listConfirmations: () => [confirmation()] });
    renderApp(api, { hash: '#/activity' });
    const card = await screen.findByRole('listitem', { name: /asks to change the agent "claude"/ });
    expect(card.closest('section')?.getAttribute('aria-labelledby')).toBe('approvals-title');
    expect(screen.getAllByText(/change the agent "claude": services → all/)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Confirm:/ })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: /Waiting for you/ }).textContent).toContain('(1)');
  });

  it('adds requests from events, drops decided ones, and shows a confirmed agent token once, to the person', async () => {
    const api = createFakeApi({
      decideConfirmation: () => ({ outcome: 'confirmed', result: { agent: { name: 'helper' }, token: 'cs_agent_shown_once' } }),
    });
    renderApp(api, { hash: '#/activity' });
    await screen.findByText('Nothing is waiting for your decision.');
    api.emit('confirmationPending', confirmation({ id: 'c-9', method: 'addAgent', summary: 'add the agent "helper" with every server', input: { name: 'helper', servers: '*' } }));
    api.emit('confirmationPending', confirmation({ id: 'c-10', summary: 'resume the bridge (agents can call again)' }));
    const card = await screen.findByRole('listitem', { name: /asks to add the agent "helper"/ });
    api.emit('confirmationDecided', { id: 'c-10', outcome: 'expired' });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /resume the bridge/ })).toBeNull());
    fireEvent.click(within(card).getByRole('button', { name: /^Confirm:/ }));
    const token = await screen.findByRole('status', { name: /Token for: add the agent "helper"/ });
    expect(token.textContent).toContain('cs_agent_shown_once');
    // The core reports it decided; the token stays until the person is done with it.
    api.emit('confirmationDecided', { id: 'c-9', outcome: 'confirmed' });
    expect(screen.getByRole('status', { name: /Token for/ })).toBeTruthy();
    fireEvent.click(within(token).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: /Token for/ })).toBeNull());
  });

  it('shows a call asked from the command line as its tool and arguments, secrets as the core hid them, the request as JSON under Details', async () => {
    const input = { server: 'everything', tool: 'echo', arguments: { message: 'hi there', token: '[hidden: GH_TOKEN]', count: 3 } };
    const api = createFakeApi({
      listConfirmations: () => [confirmation({ id: 'c-7', method: 'callTool', summary: 'call echo on everything', input })],
      listTools: () => [{ server: 'everything', name: 'echo', title: 'Echo a message', inputSchema: { type: 'object' } }],
    });
    renderApp(api, { hash: '#/activity' });
    const card = await screen.findByRole('listitem', { name: /asks to call echo on everything/ });
    // The name the call uses and its server lead; the server's title for the tool follows as its words.
    await waitFor(() => expect(card.textContent).toContain('Calls echo on everything, titled “Echo a message” with:'));
    expect(within(card).getByText('echo', { selector: 'code' })).toBeTruthy();
    expect(within(card).queryByText('Echo a message')).toBeNull();
    const args = within(card).getByRole('group', { name: 'Arguments of echo on everything' });
    expect([...args.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`)).toEqual(['message=hi there', 'token=[hidden: GH_TOKEN]', 'count=3']);
    const raw = within(card).getByRole('group', { name: 'What c-7 runs' });
    expect(raw.closest('details')?.open).toBe(false);
    expect(raw.textContent).toContain('"method": "callTool"');
  });

  it('says beside a server asked for at a plain http address on another computer that it is not encrypted', async () => {
    const api = createFakeApi({
      listConfirmations: () => [
        confirmation({ id: 'c-8', method: 'addServer', summary: 'add the server "plain": http://notes.example.com/mcp', input: { name: 'plain', config: { type: 'http', url: 'http://notes.example.com/mcp' } } }),
        confirmation({ id: 'c-9', method: 'addServer', summary: 'add the server "local": http://127.0.0.1:8080/mcp', input: { name: 'local', config: { type: 'http', url: 'http://127.0.0.1:8080/mcp' } } }),
      ],
    });
    renderApp(api, { hash: '#/activity' });
    const plain = await screen.findByRole('listitem', { name: /asks to add the service "plain"/ });
    expect(within(plain).getByRole('note', { name: 'Not encrypted' }).textContent).toContain('http://notes.example.com is not encrypted');
    const local = screen.getByRole('listitem', { name: /asks to add the service "local"/ });
    expect(within(local).queryByRole('note', { name: 'Not encrypted' })).toBeNull();
  });

  it("shows a confirmed call's result to the person (the command line has exited), until Done", async () => {
    const api = createFakeApi({
      listConfirmations: () => [confirmation({ id: 'c-5', method: 'callTool', summary: 'call echo on everything', input: { server: 'everything', tool: 'echo', arguments: { message: 'second' } } })],
      decideConfirmation: () => ({ outcome: 'confirmed', result: { content: [{ type: 'text', text: 'Echo: second' }] } }),
    });
    renderApp(api, { hash: '#/activity' });
    const card = await screen.findByRole('listitem', { name: /asks to call echo on everything/ });
    fireEvent.click(within(card).getByRole('button', { name: /^Confirm:/ }));
    const result = await screen.findByRole('status', { name: 'Result of: call echo on everything' });
    expect(within(result).getByRole('group', { name: 'What call echo on everything answered' }).textContent).toContain('"text": "Echo: second"');
    fireEvent.click(within(result).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: /Result of/ })).toBeNull());
  });

  it('lists what the command line changed while the app was closed until the person acknowledges it, and the admin log with who', async () => {
    const offline: AdminEntry = { id: 'e1', time: 1_800_000_000_000, who: 'cli-offline', method: 'addAgent', summary: 'add the agent "night" with every server', outcome: 'ok', review: true };
    const log: AdminEntry[] = [
      offline,
      { id: 'e2', time: 1_800_000_100_000, who: 'cli', pid: 7, method: 'decideApproval', summary: 'allow "claude"\'s call of "merge" on "github"', outcome: 'waiting', confirmation: 'c-3' },
      { id: 'e3', time: 1_800_000_200_000, who: 'app', method: 'decideApproval', summary: 'allow "claude"\'s call of "merge" on "github"', outcome: 'refused', confirmation: 'c-3' },
    ];
    const api = createFakeApi({ listOfflineChanges: () => [offline], readAdminLog: () => log, acknowledgeChanges: () => ({ ok: true }) });
    renderApp(api, { hash: '#/activity' });
    const review = await screen.findByRole('region', { name: 'Changes to review: made from the command line or a program while the app was closed, or by editing agents.json' });
    expect(review.textContent).toContain('add the agent "night" with every service');
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows[0]).toMatch(/web UI.*refused/);
    expect(rows[1]).toMatch(/command line or a program \(process 7, as it says\).*asked, then refused/);
    // A program using the library acts with the command line's core: the label says both.
    expect(rows[2]).toMatch(/command line or a program, app closed.*ok/);
    // The core's line says "server", as the command line does; the screens say "service".
    expect(rows[2]).toContain('add the agent "night" with every service');
    fireEvent.click(within(review).getByRole('button', { name: 'I have reviewed these' }));
    await waitFor(() => expect(api.callsOf('acknowledgeChanges')).toEqual([{ upTo: offline.time }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changes to review: made from the command line or a program while the app was closed, or by editing agents.json' })).toBeNull());
    api.emit('adminEntry', { id: 'e4', time: 1_800_000_300_000, who: 'ipc', method: 'removeAgent', summary: 'remove the agent "night"', outcome: 'ok' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]?.textContent).toMatch(/remove the agent "night"/));
  });

  it('shows what the app did by itself (a first listing pinned) as automatic, not as the person at the web UI', async () => {
    const pinned: AdminEntry = { id: 'p-1', time: 1_000, who: 'core', method: 'pinTools', summary: 'everything: tool echo pinned at first listing', outcome: 'ok' };
    renderApp(createFakeApi({ readAdminLog: () => [pinned] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const row = within(table).getAllByRole('row')[1]?.textContent ?? '';
    expect(row).toMatch(/automatic \(the app\).*pinned at first listing/);
    expect(row).not.toContain('web UI');
  });

  it('shows a request the person has since decided as asked, then its outcome, not waiting for ever', async () => {
    const asked: AdminEntry = { id: 'e-1', time: 1_000, who: 'cli', pid: 4047, method: 'addAgent', summary: 'add the agent "claude"', outcome: 'waiting', confirmation: 'c-9' };
    const decided: AdminEntry = { id: 'e-2', time: 2_000, who: 'app', method: 'addAgent', summary: asked.summary, outcome: 'confirmed', confirmation: 'c-9' };
    const open: AdminEntry = { ...asked, id: 'e-3', time: 3_000, summary: 'store the secret "T"', confirmation: 'c-10' };
    renderApp(createFakeApi({ readAdminLog: () => [asked, decided, open] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain('asked, then confirmed');
    expect(rows[2]).not.toContain('waiting');
    expect(rows[0]).toContain('waiting');
  });

  it('shows a change written ahead as begun, then how it ended, and one whose end is not known as pending', async () => {
    const begun: AdminEntry = { id: 'e-1', time: 1_000, who: 'cli-offline', pid: 26511, method: 'addServer', summary: 'add the server "notes": node x.js', outcome: 'pending', review: true };
    const ended: AdminEntry = { ...begun, id: 'e-2', time: 1_100, outcome: 'failed', error: 'A server named "notes" already exists.', ahead: 'e-1' };
    const stopped: AdminEntry = { ...begun, id: 'e-3', time: 2_000, summary: 'add the agent "night" with every server' };
    renderApp(createFakeApi({ readAdminLog: () => [begun, ended, stopped] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain('begun, then failed');
    expect(rows[2]).not.toContain('pending');
    expect(rows[1]).toMatch(/failed.*already exists/);
    expect(rows[0]).toContain('pending');
  });

  it('pairs a pending line of a log written before outcomes named it with the copy that ended it', async () => {
    const begun: AdminEntry = { id: 'e-1', time: 1_000, who: 'cli-offline', pid: 26511, method: 'addServer', summary: 'add the server "notes": node x.js', outcome: 'pending', review: true };
    const ended: AdminEntry = { ...begun, id: 'e-2', time: 1_100, outcome: 'ok' };
    renderApp(createFakeApi({ readAdminLog: () => [begun, ended] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows[1]).toContain('begun, then');
    expect(rows[1]).not.toContain('pending');
  });

  it('says a withdrawn request ended because the program that asked stopped waiting, not that it expired', async () => {
    const asked: AdminEntry = { id: 'e-1', time: 1_000, who: 'cli', pid: 4047, method: 'setSecret', summary: 'store the secret "T"', outcome: 'waiting', confirmation: 'c-9' };
    const withdrawn: AdminEntry = { ...asked, id: 'e-2', time: 2_000, outcome: 'withdrawn' };
    renderApp(createFakeApi({ readAdminLog: () => [asked, withdrawn] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('withdrawn: the program that asked stopped waiting');
    expect(rows[1]).toContain('asked, then withdrawn: the program that asked stopped waiting');
    expect(rows.join(' ')).not.toContain('expired');
  });

  it("shows a change's error by its first lines under its outcome, and all of it on asking: a server's error may be one word of 20,000 characters", async () => {
    const failed: AdminEntry = { id: 'e-1', time: 1_000, who: 'app', method: 'callTool', summary: 'call "error_tool" on "hostile"', outcome: 'failed', error: `boom ${'A'.repeat(19_000)}` };
    renderApp(createFakeApi({ readAdminLog: () => [failed] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const error = table.querySelector('.change-outcome .change-error');
    expect(error?.textContent).toMatch(/^boom A+… Show all 19,005 characters$/);
    expect(error?.textContent?.length).toBeLessThan(300);
    fireEvent.click(within(table).getByRole('button', { name: 'Show all 19,005 characters' }));
    expect(error?.textContent).toBe(`${failed.error ?? ''} Show less`);
    fireEvent.click(within(table).getByRole('button', { name: 'Show less' }));
    expect(error?.textContent?.length).toBeLessThan(300);
  });

  it('shows a short error whole, with nothing to open', async () => {
    const failed: AdminEntry = { id: 'e-1', time: 1_000, who: 'app', method: 'removeAgent', summary: 'remove the agent "x"', outcome: 'failed', error: 'no agent `x`' };
    renderApp(createFakeApi({ readAdminLog: () => [failed] }), { hash: '#/activity' });
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    expect(table.querySelector('.change-error')?.textContent).toBe('no agent x');
    expect(table.querySelector('.change-error code')?.textContent).toBe('x');
    expect(within(table).queryByRole('button')).toBeNull();
  });
});
