// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, CallResult, ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';
import { MAX_FORM_FIELDS } from '../../forms';

afterEach(cleanup);

const TOOLS: ToolInfo[] = [
  {
    server: 'everything',
    name: 'echo',
    description: 'Echoes back the input string',
    inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'Message to echo' } }, required: ['message'], $schema: 'http://json-schema.org/draft-07/schema#' },
    annotations: { readOnlyHint: true },
    tier: 'read',
  },
  {
    server: 'everything',
    name: 'delete_all',
    inputSchema: { type: 'object', properties: { count: { type: 'integer', minimum: 1 } } },
    annotations: { destructiveHint: true },
    tier: 'destructive',
  },
];

function toolApi(call: (input: ApiInput<'callTool'>) => Promise<CallResult>) {
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 2 })] }),
    listTools: () => TOOLS,
    callTool: call,
  });
}

describe('tool browser', () => {
  it('generates a form from the input schema, calls the tool and shows text, JSON and images', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const api = toolApi(({ arguments: args }) => Promise.resolve({
      content: [
        { type: 'text', text: `Echo: ${String(args?.['message'])}` },
        { type: 'text', text: '{"a":1}' },
        { type: 'image', mimeType: 'image/png', data: png },
        { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' },
      ],
    }));
    renderApp(api, { hash: '#/services/everything/tools/echo' });
    const detail = await screen.findByRole('article', { name: /echo/ });
    expect(within(detail).getByText('Echoes back the input string')).toBeTruthy();
    expect(within(detail).getByText('read-only')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^message/), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    const result = await screen.findByRole('region', { name: /Result of echo/ });
    expect(within(result).getByLabelText('Result 1').textContent).toBe('Echo: hello');
    expect(within(result).getByLabelText('Result 2 (JSON)').textContent).toContain('"a": 1');
    expect(within(result).getByRole('img', { name: /Image result 3/ }).getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    expect(within(result).queryByRole('img', { name: /Image result 4/ })).toBeNull();
    expect(api.callsOf('callTool')[0]).toMatchObject({ server: 'everything', tool: 'echo', arguments: { message: 'hello' } });
  });

  it("shows a result's hidden characters as escapes, so it cannot read as something else", async () => {
    const api = toolApi(() =>
      Promise.resolve({
        content: [
          { type: 'text', text: 'hello \u202eevil\u200b\nline two\ttab' },
          { type: 'resource', resource: { uri: 'note://1', text: 'file\u2066.txt\u2069' } },
        ],
      }),
    );
    renderApp(api, { hash: '#/services/everything/tools/echo' });
    fireEvent.change(await screen.findByLabelText(/^message/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    const result = await screen.findByRole('region', { name: /Result of echo/ });
    expect(within(result).getByLabelText('Result 1').textContent).toBe('hello \\u202eevil\\u200b\nline two\ttab');
    expect(within(result).getByLabelText('Resource 2').textContent).toBe('file\\u2066.txt\\u2069');
  });

  it('validates before calling and shows progress events for this call only', async () => {
    let finish: (result: CallResult) => void = () => undefined;
    const api = toolApi(() => new Promise<CallResult>((resolve) => (finish = resolve)));
    renderApp(api, { hash: '#/services/everything/tools/delete_all' });
    expect(await screen.findByText('This tool says it may change or delete data.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^count/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call delete_all' }));
    expect(await screen.findByText('Enter 1 or more.')).toBeTruthy();
    expect(api.callsOf('callTool')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^count/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call delete_all' }));
    await waitFor(() => expect(api.callsOf('callTool')).toHaveLength(1));
    const callId = api.callsOf('callTool')[0]?.callId ?? '';
    act(() => api.emit('callProgress', { callId: 'someone-else', progress: 9, total: 10, message: 'not ours' }));
    act(() => api.emit('callProgress', { callId, progress: 1, total: 3, message: 'Deleting' }));
    expect(screen.getByText('Deleting (1 of 3)')).toBeTruthy();
    expect(screen.queryByText(/not ours/)).toBeNull();
    act(() => finish({ content: [{ type: 'text', text: 'nope' }], isError: true }));
    expect(await screen.findByRole('heading', { name: /delete_all reported an error/ })).toBeTruthy();
  });

  it('shows a failed call as an error with its hint', async () => {
    const api = toolApi(() => Promise.reject(Object.assign(new Error('everything is not running'), { code: 'server_unavailable', hint: 'Connect it first.' })));
    renderApp(api, { hash: '#/services/everything/tools/echo' });
    fireEvent.change(await screen.findByLabelText(/^message/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Connect it first.');
  });

  it('keeps a schema it cannot render to the form: the tool, the page and the navigation stay', async () => {
    const evil: ToolInfo = { server: 'everything', name: 'broken', inputSchema: { type: 'object', properties: { x: { $ref: '#/definitions/missing' } } } };
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 1 })] }),
      listTools: () => [evil],
    });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      renderApp(api, { hash: '#/services/everything/tools/broken' });
      const note = await screen.findByRole('alert');
      expect(note.textContent).toContain('Could not show a form for the input schema of broken');
      expect(note.textContent).toContain('connected-services call everything broken');
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: /broken/ })).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });

  it('offers no form for an input of more fields than a form shows, but the terminal command; one within the bound gets its form', async () => {
    const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]));
    const wide: ToolInfo = { server: 'everything', name: 'wide', inputSchema: { type: 'object', properties: fields(5_000) } };
    const fits: ToolInfo = { server: 'everything', name: 'fits', inputSchema: { type: 'object', properties: fields(MAX_FORM_FIELDS) } };
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 2 })] }),
      listTools: () => [wide, fits],
    });
    renderApp(api, { hash: '#/services/everything/tools/wide' });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain(`more than ${MAX_FORM_FIELDS} fields`);
    expect(note.textContent).toContain("connected-services call everything wide '{…}'");
    expect(document.querySelectorAll('input')).toHaveLength(1); // the tool filter only
    expect(screen.queryByRole('button', { name: 'Call wide' })).toBeNull();
    window.location.hash = '#/services/everything/tools/fits';
    await screen.findByRole('button', { name: 'Call fits' });
    expect(document.querySelectorAll('.tool-call input')).toHaveLength(MAX_FORM_FIELDS);
  });

  it('keeps keyboard focus on the progress while the Call button is disabled, then on the answer', async () => {
    let release: (result: CallResult) => void = () => undefined;
    const api = toolApi(() => new Promise<CallResult>((resolve) => { release = resolve; }));
    renderApp(api, { hash: '#/services/everything/tools/echo' });
    fireEvent.change(await screen.findByLabelText(/^message/), { target: { value: 'hi' } });
    const button = screen.getByRole('button', { name: 'Call echo' });
    button.focus();
    fireEvent.click(button);
    const status = await screen.findByRole('status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    act(() => release({ content: [{ type: 'text', text: 'hi' }] }));
    const result = await screen.findByRole('region', { name: /Result of echo/ });
    await waitFor(() => expect(document.activeElement?.contains(result)).toBe(true));
  });
});
