// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingAsk } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const base = { server: 'shop', requestedAt: 1, expiresAt: 2, asker: 'agent "claude"', agent: 'claude', call: 'tool "checkout"' };

const form: PendingAsk = {
  ...base,
  id: 'f1',
  kind: 'form',
  message: 'Delivery details',
  requestedSchema: {
    type: 'object',
    properties: {
      street: { type: 'string', title: 'Street', default: 'Main St 1' },
      floor: { type: 'integer', title: 'Floor', default: 3 },
      tip: { type: 'number', title: 'Tip', default: 1.5 },
      speed: { type: 'string', title: 'Speed', enum: ['slow', 'fast'], default: 'fast' },
      gift: { type: 'boolean', title: 'Gift', default: true },
    },
    required: ['street'],
  },
};

describe('a server\'s request in the app', () => {
  it('shows who asks, fills the form with the schema\'s defaults, and Accept sends them', async () => {
    const api = createFakeApi({ listAsks: () => [form], answerAsk: () => ({ ok: true }) });
    renderApp(api);
    expect(await screen.findByText('shop asks for information')).toBeTruthy();
    expect(screen.getByText(/During tool "checkout" by agent “claude”/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Street/).value).toBe('Main St 1');
    expect(screen.getByLabelText<HTMLInputElement>(/Floor/).value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(api.callsOf('decide')).toEqual([{ kind: 'ask', id: 'f1', answer: { action: 'accept', content: { street: 'Main St 1', floor: 3, tip: 1.5, speed: 'fast', gift: true } } }]),
    );
  });

  it("shows a long message by its first lines, and all of it on asking, the form still in view", async () => {
    const message = `Step ${'one two three '.repeat(250)}\n[cut: 2000 more characters]`;
    const api = createFakeApi({ listAsks: () => [{ ...form, id: 'f2', message: `\u202e${message}` }] });
    renderApp(api);
    const shown = await screen.findByText(/^\\u202eStep one two/);
    expect(shown.textContent?.length).toBeLessThan(400);
    expect(screen.getByLabelText<HTMLInputElement>(/Street/).value).toBe('Main St 1');
    fireEvent.click(screen.getByRole('button', { name: `Show all ${(message.length + 1).toLocaleString('en-US')} characters` }));
    expect(shown.textContent).toBe(`\\u202e${message}`);
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    // The text scrolls in a box of its own (reached by Tab), "Show less" after it, outside it: never at the end of the scroll.
    const box = shown.closest('.show-all-box');
    expect(box?.getAttribute('tabindex')).toBe('0');
    expect(box?.contains(less)).toBe(false);
    expect(box?.compareDocumentPosition(less)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('a form asking for a secret offers only Decline and Cancel, and says why', async () => {
    const secret: PendingAsk = { ...form, id: 's1', requestedSchema: { type: 'object', properties: { password: { type: 'string' } } }, sensitive: ['password'] };
    const api = createFakeApi({ listAsks: () => [secret], answerAsk: () => ({ ok: true }) });
    renderApp(api);
    expect(await screen.findByText(/looks like a secret \(password\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decline the request of shop' }));
    await waitFor(() => expect(api.callsOf('decide')).toEqual([{ kind: 'ask', id: 's1', answer: { action: 'decline' } }]));
  });

  it('a field that only looks like a secret (look-alike letters, another language, its description) is treated as one', async () => {
    const properties = { 'P\u0430ssword': { type: 'string' }, note: { type: 'string', description: 'Your one-time code' }, Passwort: { type: 'string' } };
    // No `sensitive` from the core: the page judges the schema itself too.
    const evasive: PendingAsk = { ...form, id: 's2', requestedSchema: { type: 'object', properties } };
    const api = createFakeApi({ listAsks: () => [evasive], answerAsk: () => ({ ok: true }) });
    renderApp(api);
    expect(await screen.findByText(/looks like a secret \(P\u0430ssword, note, Passwort\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(document.querySelector('dialog input')).toBeNull();
  });

  it('URL mode: the origin shown large, the address as text (never a link), nothing opened unless clicked; a hostile one cannot be', async () => {
    const safe: PendingAsk = { ...base, id: 'u1', kind: 'url', message: 'Pay here', url: 'https://pay.example.com/x?y=1', origin: 'https://pay.example.com' };
    const api = createFakeApi({ listAsks: () => [safe], openAskUrl: () => ({ ok: true }), answerAsk: () => ({ ok: true }) });
    renderApp(api);
    expect((await screen.findByTestId('ask-origin')).textContent).toBe('https://pay.example.com');
    expect(document.querySelector('dialog a')).toBeNull();
    expect(api.callsOf('openAskUrl')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
    await waitFor(() => expect(api.callsOf('openAskUrl')).toEqual([{ id: 'u1' }]));
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    cleanup();

    const hostile: PendingAsk = { ...base, id: 'u2', kind: 'url', message: 'x', url: 'javascript:alert("<b>hi</b>")', urlProblem: 'only https: URLs are opened' };
    const api2 = createFakeApi({ listAsks: () => [hostile] });
    renderApp(api2);
    expect((await screen.findByText('javascript:alert("<b>hi</b>")')).tagName).toBe('CODE');
    expect(document.querySelector('dialog b')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Open in browser" }).disabled).toBe(true);
    expect(screen.getByText(/will not be opened: only https/)).toBeTruthy();
    // Nothing to be done at an address never opened: only Decline and Cancel answer it.
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline the request of shop' })).toBeTruthy();
  });

  it('sampling: shows the messages to be sent and approves one request', async () => {
    const sampling: PendingAsk = { ...base, id: 'p1', kind: 'sampling', message: 'asks', messages: [{ role: 'user', text: 'Summarise my orders' }], systemPrompt: 'Be brief', maxTokens: 50 };
    const api = createFakeApi({ listAsks: () => [sampling], answerAsk: () => ({ ok: true }) });
    renderApp(api);
    expect(await screen.findByText('Summarise my orders')).toBeTruthy();
    expect(screen.getByText('Be brief')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send to the agent' }));
    await waitFor(() => expect(api.callsOf('decide')).toEqual([{ kind: 'ask', id: 'p1', answer: { action: 'accept' } }]));
  });

  it('sampling: shows the rest of what goes to the agent with the messages', async () => {
    const sampling: PendingAsk = {
      ...base,
      id: 'p2',
      kind: 'sampling',
      message: 'asks',
      messages: [{ role: 'user', text: 'Summarise my orders' }],
      maxTokens: 50,
      temperature: 0.4,
      stopSequences: ['END', 'STOP\u202e'],
      modelPreferences: { hints: ['claude'], costPriority: 0.1, intelligencePriority: 0.9 },
    };
    renderApp(createFakeApi({ listAsks: () => [sampling] }));
    expect(await screen.findByText('Temperature 0.4.')).toBeTruthy();
    // Hidden characters are shown as escapes, as in the messages.
    expect(screen.getByText('The model stops writing at “END” or “STOP\\u202e”.')).toBeTruthy();
    expect(screen.getByText('The service suggests the model “claude”; the agent’s client picks the model.')).toBeTruthy();
    expect(screen.getByText('Priorities: cost 0.1, intelligence 0.9.')).toBeTruthy();
  });

  it('sampling: a token limit above 10,000 stands out as a warning; one up to it is a plain line', async () => {
    const sampling: PendingAsk = { ...base, id: 'p3', kind: 'sampling', message: 'asks', messages: [{ role: 'user', text: 'Write' }], maxTokens: 2_000_000_000 };
    renderApp(createFakeApi({ listAsks: () => [sampling] }));
    const limit = await screen.findByText('2,000,000,000 tokens');
    expect(limit.tagName).toBe('STRONG');
    expect(limit.closest('[role="note"]')?.textContent).toMatch(/^The service asks for an answer of up to 2,000,000,000 tokens\. .*may cost money; decline if/);
    cleanup();

    renderApp(createFakeApi({ listAsks: () => [{ ...sampling, id: 'p4', maxTokens: 10_000 }] }));
    expect((await screen.findByText('At most 10,000 tokens.')).closest('[role="note"]')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
