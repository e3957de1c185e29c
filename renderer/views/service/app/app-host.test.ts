// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiInput, CallResult, ToolInfo } from '../../../../shared/api';
import { CodedError } from '../../../../shared/errors';
import { pageAppCalls, type AppCallTool } from './app-call-limit';
import { connectAppHost, type AppNote } from './app-host';

const TOOL: ToolInfo = { server: 'notes', name: 'notes-app', inputSchema: { type: 'object' } };
const RESULT: CallResult = { content: [{ type: 'text', text: 'opened' }] };

/** A call the fake core holds until the test answers it, as the core holds a write for the person. */
interface Held {
  input: ApiInput<'callAppTool'>;
  signal: AbortSignal | undefined;
  answer: () => void;
}

/** The App API's callAppTool, every call held; an aborted call ends at once, as fetch does. */
function holdingApi(): { api: { callAppTool: AppCallTool }; held: Held[] } {
  const held: Held[] = [];
  const callAppTool: AppCallTool = (input, signal) =>
    new Promise((resolve, reject) => {
      held.push({ input, signal, answer: () => resolve({ content: [{ type: 'text', text: `ran ${input.tool}` }] }) });
      signal?.addEventListener('abort', () => reject(new CodedError('not_found', 'The page stopped waiting for callAppTool')), { once: true });
    });
  return { api: { callAppTool }, held };
}

/** One app in a frame: what the host answers it, and a way to ask for a tool call. */
async function openApp(api: { callAppTool: AppCallTool }, page: ReturnType<typeof pageAppCalls>, notes: AppNote[] = []) {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const answers: Array<{ id?: unknown; result?: unknown; error?: { message?: string } }> = [];
  const target = frame.contentWindow;
  if (!target) throw new Error('no frame window');
  target.postMessage = ((message: unknown) => void answers.push(message as (typeof answers)[number])) as Window['postMessage'];
  const host = await connectAppHost({
    api,
    page,
    appId: `app-${String(Math.random())}`,
    frame,
    tool: TOOL,
    args: {},
    result: RESULT,
    version: '1',
    onHeight: () => undefined,
    onNote: (note) => notes.push(note),
    onStarted: () => undefined,
    onOpenLink: () => Promise.resolve(false),
    onStop: () => undefined,
  });
  const send = (data: Record<string, unknown>) => window.dispatchEvent(new MessageEvent('message', { source: target, data: { jsonrpc: '2.0', ...data } }));
  send({ method: 'ui/notifications/initialized', params: {} });
  const ask = (id: number, name: string) => send({ id, method: 'tools/call', params: { name, arguments: { id } } });
  const answered = (id: number) => vi.waitFor(() => {
    const found = answers.find((a) => a.id === id);
    if (!found) throw new Error(`no answer to ${String(id)} yet`);
    return found;
  });
  return { host, ask, answered };
}

describe('an app’s tool calls in the page', () => {
  afterEach(() => document.body.replaceChildren());

  it('sends one call of an app at a time, and refuses another at once while it waits', async () => {
    const { api, held } = holdingApi();
    const notes: AppNote[] = [];
    const app = await openApp(api, pageAppCalls(2), notes);
    app.ask(1, 'save-note');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    for (let id = 2; id <= 8; id += 1) app.ask(id, 'save-note');
    for (let id = 2; id <= 8; id += 1) expect((await app.answered(id)).error?.message).toContain('while its previous call still waits: not sent');
    expect(held).toHaveLength(1);
    held[0]?.answer();
    expect(await app.answered(1)).toMatchObject({ result: { content: [{ text: 'ran save-note' }] } });
    // Answered, the app may call again.
    app.ask(9, 'read-note');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect(held[1]?.input).toMatchObject({ tool: 'read-note', arguments: { id: 9 } });
    expect(notes.filter((n) => n.text.startsWith('save-note refused'))).toHaveLength(7);
    await app.host.close();
  });

  it('keeps the calls of all apps within the page’s bound, and aborts a closed app’s call so another may go', async () => {
    const { api, held } = holdingApi();
    const page = pageAppCalls(2);
    const first = await openApp(api, page);
    const second = await openApp(api, page);
    const third = await openApp(api, page);
    first.ask(1, 'save-note');
    second.ask(1, 'save-note');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    third.ask(1, 'save-note');
    expect((await third.answered(1)).error?.message).toContain("Other apps' calls wait for an answer");
    expect(held).toHaveLength(2);
    await first.host.close();
    expect(held[0]?.signal?.aborted).toBe(true);
    expect(held[1]?.signal?.aborted).toBe(false);
    await vi.waitFor(() => expect(page.inFlight).toBe(1));
    third.ask(2, 'save-note');
    await vi.waitFor(() => expect(held).toHaveLength(3));
    held[1]?.answer();
    held[2]?.answer();
    expect(await second.answered(1)).toMatchObject({ result: { content: [{ text: 'ran save-note' }] } });
    expect(await third.answered(2)).toMatchObject({ result: { content: [{ text: 'ran save-note' }] } });
    expect(page.inFlight).toBe(0);
    await second.host.close();
    await third.host.close();
  });
});
