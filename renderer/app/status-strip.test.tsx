// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appCallDecision, callDecision, confirmationDecision, NOTHING_WAITS, WAITS_TO, waitsToCall, type Confirmation, type PendingApproval } from '../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../test/support/renderer';

afterEach(cleanup);

const confirmation: Confirmation = {
  id: 'c-1',
  method: 'updateAgent',
  summary: 'change the agent "claude": write → allow',
  input: { name: 'claude', policy: { write: 'allow' } },
  from: 'cli',
  pid: 4242,
  requestedAt: Date.now(),
  expiresAt: Date.now() + 600_000,
};

const appCall = appCallDecision({
  id: 'a-1',
  frame: 'f-1',
  server: 'notes',
  tool: 'save_note',
  tier: 'write',
  arguments: { text: 'hello' },
  requestedAt: Date.now(),
  expiresAt: Date.now() + 120_000,
});

describe('the status strip', () => {
  it("counts a confirmation and an app's call as waiting, with a link to Activity", async () => {
    const api = createFakeApi({ listDecisions: () => [confirmationDecision(confirmation), appCall] });
    renderApp(api, { hash: '#/services' });
    // Nothing else waits in the strip: "other" would point at something that is not there.
    const link = await screen.findByRole('link', { name: '2 decisions waiting for you' });
    expect(link.getAttribute('href')).toBe('#/activity');
    expect(screen.queryByText(NOTHING_WAITS)).toBeNull();
  });

  it('calls them "other" only beside another waiting item of the strip', async () => {
    const call: PendingApproval = { id: 'a-2', agent: 'claude', server: 'github', kind: 'tool', tool: 'create_issue', tier: 'write', requestedAt: Date.now(), expiresAt: Date.now() + 60_000 };
    const api = createFakeApi({ listDecisions: () => [confirmationDecision(confirmation), callDecision(call)] });
    renderApp(api, { hash: '#/services' });
    expect(await screen.findByRole('link', { name: '1 other decision waiting for you' })).toBeTruthy();
  });

  it('says what a held call waits to do in the words of Activity and the tray', async () => {
    const read: PendingApproval = { id: 'r-1', agent: 'claude', server: 'notes', kind: 'resource', tool: 'file:///plan.md', tier: 'read', requestedAt: Date.now(), expiresAt: Date.now() + 60_000 };
    const api = () => createFakeApi({ listDecisions: () => [callDecision(read)], listApprovals: () => [read] });
    const words = (text: string | null | undefined) => /claude (waits to [a-z ]+) file/.exec(text ?? '')?.[1];
    renderApp(api(), { hash: '#/services' });
    await screen.findByRole('button', { name: /^Allow file:\/\/\/plan\.md/ });
    expect(words(document.querySelector('.strip-waiting')?.textContent)).toBe(WAITS_TO.resource);
    cleanup();
    // Activity shows the call in full (the strip leaves it there): the same words.
    renderApp(api(), { hash: '#/activity' });
    const card = await screen.findByRole('listitem', { name: /waits to read the resource/ });
    expect(words(card.textContent)).toBe(WAITS_TO.resource);
    expect(waitsToCall(read)).toBe('claude waits to read the resource file:///plan.md on notes');
  });

  it("counts the services waiting for the person's approval, linking to one's page, where Approve is, or to Services for several", async () => {
    const waiting = (name: string) => serverStatus({ name, state: 'idle', approval: 'pending' });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [waiting('github'), serverStatus({ name: 'notes' })] }) }), { hash: '#/activity' });
    const one = await screen.findByRole('link', { name: 'github waits for your approval' });
    expect(one.getAttribute('href')).toBe('#/services/github');
    expect(screen.queryByText(NOTHING_WAITS)).toBeNull();
    cleanup();
    // A disabled one waits for nothing: it is not counted.
    const servers = [waiting('github'), waiting('linear'), { ...waiting('off'), enabled: false }];
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers }) }), { hash: '#/services' });
    // Several: Services lists each with its Approve, not the first one's page alone.
    expect((await screen.findByRole('link', { name: '2 services wait for your approval' })).getAttribute('href')).toBe('#/');
  });

  it('offers no one-click Allow for a call held for a value we hold: it says why, with Deny and a link to review it in Activity', async () => {
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    const held: PendingApproval = { id: 'w-1', agent: 'claude', server: 'everything', kind: 'tool', tool: 'echo', tier: 'read', requestedAt: Date.now(), expiresAt: Date.now() + 60_000, arguments: { message: '[secret GITHUB_TOKEN]' }, warning };
    const api = createFakeApi({ listApprovals: () => [held], decideApproval: () => ({ ok: true }) });
    renderApp(api, { hash: '#/services' });
    const strip = within(await screen.findByRole('region', { name: 'Status' }));
    const deny = await strip.findByRole('button', { name: 'Deny echo on everything for claude' });
    expect(document.querySelector('.strip-waiting')?.textContent).toContain(`held whatever its policy says: ${warning}`);
    expect(strip.queryByRole('button', { name: /^Allow/ })).toBeNull();
    expect(strip.getByRole('link', { name: 'Review in Activity' }).getAttribute('href')).toBe('#/activity');
    fireEvent.click(deny);
    await waitFor(() => expect(api.callsOf('decide')).toEqual([{ kind: 'call', id: 'w-1', answer: { decision: 'deny' } }]));
  });

  it("names the bridge's own search_tools, held for a value we hold, as Connected Services' own: no empty \" on \"", async () => {
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    const held: PendingApproval = { id: 's-1', agent: 'claude', server: '', kind: 'tool', tool: 'search_tools', tier: 'read', requestedAt: Date.now(), expiresAt: Date.now() + 60_000, arguments: { query: '[secret GITHUB_TOKEN]' }, warning };
    renderApp(createFakeApi({ listApprovals: () => [held] }), { hash: '#/services' });
    const strip = within(await screen.findByRole('region', { name: 'Status' }));
    expect(await strip.findByRole('button', { name: 'Deny search_tools of Connected Services for claude' })).toBeTruthy();
    const text = document.querySelector('.strip-waiting')?.textContent ?? '';
    expect(text).toContain(`${waitsToCall(held)}, held whatever its policy says`);
    expect(waitsToCall(held)).toBe('claude waits to call search_tools of Connected Services');
    expect(text).not.toMatch(/ on ,| on $/);
  });

  it('moves focus to the Review link of the next waiting call when that one is held for a value we hold', async () => {
    const plain: PendingApproval = { id: 'p-1', agent: 'claude', server: 'github', kind: 'tool', tool: 'create_issue', tier: 'write', requestedAt: Date.now(), expiresAt: Date.now() + 60_000 };
    const held: PendingApproval = { ...plain, id: 'w-2', server: 'everything', tool: 'echo', warning: 'its arguments hold the value of GITHUB_TOKEN from the vault' };
    const decided = new Set<string>();
    const api = createFakeApi({
      listApprovals: () => [plain, held].filter((p) => !decided.has(p.id)),
      decideApproval: ({ id }) => (decided.add(id), { ok: true }),
    });
    renderApp(api, { hash: '#/services' });
    fireEvent.click(await screen.findByRole('button', { name: 'Allow create_issue on github for claude' }));
    const review = await screen.findByRole('link', { name: 'Review in Activity' });
    await waitFor(() => expect(document.activeElement).toBe(review));
  });

  it('says nothing waits when nothing does', async () => {
    renderApp(createFakeApi({}), { hash: '#/services' });
    expect(await screen.findByText(NOTHING_WAITS)).toBeTruthy();
  });
});
