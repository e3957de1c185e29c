// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientChange, ClientInfo, ClientPlan } from '../../../shared/api';
import { AGENT_CLIENTS, CONNECT_CLIENTS } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const cursor: ClientInfo = { client: 'cursor', label: 'Cursor', detected: true, evidence: '~/.cursor\u200b exists', file: '/home/ana/.cursor/mcp\u202e.json', agents: [], tokenPlace: 'vault' };
const plan: ClientPlan = {
  client: 'cursor',
  agent: 'desk',
  file: '/home/ana/.cursor/mcp\u202e.json',
  entry: 'connected-services-desk',
  diff: '--- a\n+++ b\n@@ -1 +1 @@\n-  "other": "x\u2066"\n+  "connected-services-desk": {}',
  unchanged: false,
  creates: false,
  base: 'abc',
  rotates: false,
  tokenPlace: 'vault',
  notes: ['Restart Cursor, or run `Developer: Reload Window`\u200b.'],
};

describe('connecting an agent to a client', () => {
  it('shows the client’s file, evidence, diff, notes and the first call’s tool with hidden characters as escapes, backticks as code', async () => {
    const api = createFakeApi({
      listAgents: () => [{ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 }],
      listClients: () => [cursor],
      planClientConnection: () => plan,
      connectClient: () => ({ plan, backup: '/home/ana/.cursor/mcp.json.bak\u200b' }),
    });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect desk to an installed client' }));
    const dialog = await screen.findByRole('dialog');
    const connect = await within(dialog).findByRole('button', { name: 'Connect desk to Cursor' });
    expect(dialog.textContent).toContain('found: ~/.cursor\\u200b exists');
    expect(dialog.textContent).toContain('/home/ana/.cursor/mcp\\u202e.json');
    fireEvent.click(connect);
    const diff = await within(dialog).findByLabelText('Changes to the file');
    expect(diff.textContent).toContain('"other": "x\\u2066"');
    expect(within(dialog).getByText('Developer: Reload Window').tagName).toBe('CODE');
    expect(dialog.textContent).toContain('Restart Cursor, or run Developer: Reload Window\\u200b.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write to Cursor' }));
    await within(dialog).findByText(/^Wrote/);
    expect(dialog.textContent).toContain('/home/ana/.cursor/mcp.json.bak\\u200b');
    // Sent until it shows: the note listens from an effect, which a loaded machine may run after a first send.
    const call = { time: Date.now() + 1, agent: 'desk', server: 'notes', kind: 'tool', tool: 'delete_all\u202egnidaer', durationMs: 1, outcome: 'ok' } as const;
    await waitFor(() => {
      api.emit('auditEntry', call);
      expect(dialog.textContent).toContain('First call: delete_all\\u202egnidaer on notes');
    });
    expect(dialog.textContent).not.toMatch(/[\u200b\u202e\u2066`]/);
  });

  it('lists every client of the one list (shared/api/agent-clients.ts), those it does not write with why and no Connect', async () => {
    const info = (client: ClientInfo['client']): ClientInfo => ({ ...cursor, client, label: AGENT_CLIENTS.find((c) => c.id === client)?.label ?? client });
    const api = createFakeApi({
      listAgents: () => [{ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 }],
      listClients: () => CONNECT_CLIENTS.map(info),
    });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect desk to an installed client' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: 'Connect desk to Cursor' });
    for (const { label, written } of AGENT_CLIENTS) {
      const item = within(dialog).getAllByRole('listitem').find((li) => li.querySelector('strong')?.textContent === label);
      expect(item, label).toBeDefined();
      if (item === undefined) continue;
      expect(within(item).queryByRole('button') !== null, label).toBe(written);
      if (!written) expect(item.textContent).toContain('not written here');
    }
  });

  it('says when the file has other names (hard links) that keep the old text', async () => {
    const api = createFakeApi({
      listAgents: () => [{ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 }],
      listClients: () => [cursor],
      planClientConnection: () => ({ ...plan, hardLinks: 3 }),
    });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect desk to an installed client' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Connect desk to Cursor' }));
    await within(dialog).findByLabelText('Changes to the file');
    expect(dialog.textContent).toContain('This file has 3 names (hard links): it is written as a new file, and its other 2 names keep the old text.');
  });

  it('keeps keyboard focus on what Connect and Write led to, and on the error when Write fails', async () => {
    let planned: (value: ClientPlan) => void = () => undefined;
    let written: (value: ClientChange) => void = () => undefined;
    let refused: (reason: Error) => void = () => undefined;
    let writes = 0;
    const api = createFakeApi({
      listAgents: () => [{ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 }],
      listClients: () => [cursor],
      planClientConnection: () => new Promise<ClientPlan>((resolve) => { planned = resolve; }),
      connectClient: () => new Promise<ClientChange>((resolve, reject) => {
        writes += 1;
        written = resolve;
        refused = reject;
      }),
    });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect desk to an installed client' }));
    const dialog = await screen.findByRole('dialog');
    const connect = await within(dialog).findByRole('button', { name: 'Connect desk to Cursor' });
    connect.focus();
    fireEvent.click(connect);
    act(() => planned(plan));
    const lead = await within(dialog).findByText(/^This changes/);
    await waitFor(() => expect(document.activeElement).toBe(lead));
    const write = within(dialog).getByRole('button', { name: 'Write to Cursor' });
    // A browser drops focus to the page once the pressed button is disabled; jsdom keeps it there.
    write.focus();
    write.blur();
    fireEvent.click(write);
    act(() => refused(new Error('The file changed since you read it.')));
    const alert = await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
    write.focus();
    fireEvent.click(write);
    await waitFor(() => expect(writes).toBe(2));
    act(() => written({ plan }));
    const wrote = await within(dialog).findByText(/^Wrote/);
    await waitFor(() => expect(document.activeElement).toBe(wrote));
  });
});

// Writing gives the agent a new token when the client holds none of it: a client set up with the configuration shown before stops working.
describe('connecting an agent that would get a new token', () => {
  const review = async (rotates: boolean) => {
    const api = createFakeApi({
      listAgents: () => [{ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 }],
      listClients: () => [cursor],
      planClientConnection: () => ({ ...plan, rotates }),
    });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect desk to an installed client' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Connect desk to Cursor' }));
    await within(dialog).findByRole('button', { name: 'Write to Cursor' });
    return { api, dialog };
  };

  it('says so before Write, in the command line’s words, and writes nothing yet', async () => {
    const { api, dialog } = await review(true);
    expect(dialog.textContent).toContain('desk would get a new token: clients set up with its old token would stop working until they are connected again.');
    expect(api.callsOf('connectClient')).toEqual([]);
  });

  it('says nothing of a token when the client keeps the one it holds', async () => {
    const { dialog } = await review(false);
    expect(dialog.textContent).not.toContain('new token');
  });
});
