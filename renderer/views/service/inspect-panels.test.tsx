// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, LogLine, LogTail } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';
import { MAX_DESCRIPTION } from '../../components';
import { PROMPTS_PAGE } from './prompts-panel';

afterEach(cleanup);

const line = (seq: number, text: string, kind: LogLine['kind'] = 'stderr'): LogLine => ({ seq, at: 0, kind, text });
const status = async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', resourceCount: 1, promptCount: 1 })] });
const shownLines = () => within(screen.getByRole('log', { name: 'Log of everything' })).queryAllByText(/^line \d+$/).map((e) => e.textContent);

describe('Logs tab', () => {
  it('shows the kept lines, then follows events; a gap is read from the app by cursor', async () => {
    const reads: Array<ApiInput<'readLogs'>> = [];
    const api = createFakeApi({
      status,
      readLogs: (input): LogTail => {
        reads.push(input);
        if (input.after === undefined) return { server: 'everything', lines: [line(1, 'line 1'), line(2, 'line 2')], cursor: 2, missed: 0 };
        return { server: 'everything', lines: [line(4, 'line 4'), line(5, 'line 5')], cursor: 5, missed: 1 };
      },
    });
    renderApp(api, { hash: '#/services/everything/logs' });
    await waitFor(() => expect(shownLines()).toEqual(['line 1', 'line 2']));
    act(() => api.emit('serverLog', { server: 'everything', lines: [line(2, 'line 2'), line(3, 'line 3')] }));
    act(() => api.emit('serverLog', { server: 'memory', lines: [line(3, 'line 99')] }));
    expect(shownLines()).toEqual(['line 1', 'line 2', 'line 3']);
    // Line 4 never came as an event: the tab asks for what follows line 3.
    act(() => api.emit('serverLog', { server: 'everything', lines: [line(5, 'line 5')] }));
    await waitFor(() => expect(shownLines()).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']));
    expect(reads.at(-1)).toMatchObject({ server: 'everything', after: 3 });
    expect(screen.getByText(/1 line came faster than this page could read/)).toBeTruthy();
  });

  it('filters by the search words and says how many lines match', async () => {
    const api = createFakeApi({
      status,
      readLogs: () => ({ server: 'everything', lines: [line(1, 'line 1'), line(2, 'ready', 'state'), line(3, 'line 3')], cursor: 3, missed: 0 }),
    });
    renderApp(api, { hash: '#/services/everything/logs' });
    await waitFor(() => expect(shownLines()).toEqual(['line 1', 'line 3']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the log' }), { target: { value: 'STATE' } });
    expect(shownLines()).toEqual([]);
    expect(screen.getByText('1 of 3 lines')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy matching lines' })).toBeTruthy();
  });

  it('badges each line with its level, filters to warnings and above or errors only, and marks errors', async () => {
    const message = (seq: number, level: string): LogLine => ({ seq, at: 0, kind: 'message', level, text: `line ${seq}` });
    const api = createFakeApi({
      status,
      readLogs: () => ({ server: 'everything', lines: [message(1, 'debug'), message(2, 'info'), message(3, 'warning'), message(4, 'error'), message(5, 'emergency')], cursor: 5, missed: 0 }),
    });
    renderApp(api, { hash: '#/services/everything/logs' });
    await waitFor(() => expect(shownLines()).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']));
    const lineOf = (text: string) => screen.getByText(text).closest('.log-line');
    expect(lineOf('line 5')?.getAttribute('data-severity')).toBe('error');
    expect(lineOf('line 5')?.querySelector('.badge')?.textContent).toBe('emergency');
    expect(lineOf('line 2')?.getAttribute('data-severity')).toBe('info');
    const show = screen.getByRole('combobox', { name: 'Show' });
    fireEvent.change(show, { target: { value: 'warning' } });
    expect(shownLines()).toEqual(['line 3', 'line 4', 'line 5']);
    expect(screen.getByText('3 of 5 lines')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy matching lines' })).toBeTruthy();
    fireEvent.change(show, { target: { value: 'error' } });
    expect(shownLines()).toEqual(['line 4', 'line 5']);
    fireEvent.change(show, { target: { value: 'all' } });
    expect(shownLines()).toHaveLength(5);
  });
});

describe('resource contents', () => {
  it('pretty-prints JSON, shows raster images, offers other blobs as downloads, and says when content was too large', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const api = createFakeApi({
      status,
      listResources: () => ({ resources: [{ server: 'everything', uri: 'demo://r', name: 'r' }], templates: [] }),
      readResource: () => ({
        contents: [
          { uri: 'demo://r/a.json', mimeType: 'application/json', text: '{"a":[1,2]}' },
          { uri: 'demo://r/p.png', mimeType: 'image/png', blob: png },
          { uri: 'demo://r/f.bin', mimeType: 'application/zip', blob: 'AAEC' },
          { uri: 'demo://r/big', mimeType: 'text/plain', omitted: { bytes: 6 * 1024 * 1024, limit: 4 * 1024 * 1024 } },
        ],
      }),
    });
    renderApp(api, { hash: '#/services/everything/resources' });
    fireEvent.click(await screen.findByRole('button', { name: 'Read r' }));
    const reader = await screen.findByRole('region', { name: /Contents of demo:\/\/r/ });
    await waitFor(() => expect(within(reader).getByRole('group', { name: 'Content 1 of demo://r/a.json' }).textContent).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}'));
    expect(within(reader).getByRole('img', { name: 'Image p.png (image/png)' }).getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    expect(within(reader).getByRole('button', { name: 'Download f.bin' })).toBeTruthy();
    expect(within(reader).getByText('This content (text/plain) is 6.0 MB, more than the 4.0 MB the app shows; it is not shown.')).toBeTruthy();
    expect(api.callsOf('readResource')).toEqual([{ server: 'everything', uri: 'demo://r' }]);
  });

  it('reads a template with its parameters filled in and encoded', async () => {
    const api = createFakeApi({
      status,
      listResources: () => ({ resources: [], templates: [{ server: 'everything', uriTemplate: 'demo://t/{id}', name: 'T' }] }),
      readResource: ({ uri }) => ({ contents: [{ uri, text: 'ok' }] }),
    });
    renderApp(api, { hash: '#/services/everything/resources' });
    fireEvent.click(await screen.findByRole('button', { name: 'Fill in T' }));
    fireEvent.change(screen.getByLabelText('id'), { target: { value: 'a b' } });
    expect(screen.getByText('demo://t/a%20b')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    await screen.findByRole('region', { name: 'Contents of demo://t/a%20b' });
    expect(api.callsOf('readResource')).toEqual([{ server: 'everything', uri: 'demo://t/a%20b' }]);
  });
});

describe('prompts', () => {
  it('gets a prompt with the arguments given (an empty optional one is left out) and shows its messages', async () => {
    const api = createFakeApi({
      status,
      listPrompts: () => [{ server: 'everything', name: 'p', arguments: [{ name: 'city', required: true }, { name: 'state' }] }],
      getPrompt: ({ arguments: args }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `to ${args?.['city'] ?? ''}` } }] }),
    });
    renderApp(api, { hash: '#/services/everything/prompts' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'city' }), { target: { value: 'Paris' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'state' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get p' }));
    const messages = await screen.findByRole('region', { name: 'Messages of p' });
    await waitFor(() => expect(within(messages).getByText('to Paris')).toBeTruthy());
    expect(api.callsOf('getPrompt')).toEqual([{ server: 'everything', name: 'p', arguments: { city: 'Paris' } }]);
  });

  it('names an argument by itself, its required mark only seen and its description describing it, as the forms do', async () => {
    const api = createFakeApi({
      status,
      listPrompts: () => [{ server: 'everything', name: 'p', arguments: [{ name: 'city', required: true, description: 'Where to look' }, { name: 'state' }] }],
    });
    renderApp(api, { hash: '#/services/everything/prompts' });
    const city = await screen.findByRole('textbox', { name: 'city', description: 'Where to look' });
    expect(city.hasAttribute('required')).toBe(true);
    const mark = document.querySelector(`label[for="${city.id}"] .required`);
    expect(mark?.textContent).toBe('*');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    const state = screen.getByRole('textbox', { name: 'state' });
    expect(state.hasAttribute('required')).toBe(false);
    expect(document.querySelector(`label[for="${state.id}"] .required`)).toBeNull();
  });

  it("shows a server's prompts a page at a time, each description's head only, saying how much is left out", async () => {
    const long = 'A'.repeat(20_000);
    const api = createFakeApi({
      status,
      listPrompts: () => Array.from({ length: 120 }, (_, i) => ({ server: 'everything', name: `p${i}`, description: long, arguments: [{ name: 'a', description: long }] })),
    });
    renderApp(api, { hash: '#/services/everything/prompts' });
    await screen.findByRole('button', { name: 'Get p0' });
    const cards = () => document.querySelectorAll('.card-list > li');
    expect(cards()).toHaveLength(PROMPTS_PAGE);
    expect(screen.getAllByText('(19,001 more characters not shown)')).toHaveLength(PROMPTS_PAGE);
    expect(cards()[0]?.textContent?.length).toBeLessThan(2 * MAX_DESCRIPTION + 200);
    expect(screen.getByText(/50 of 120 prompts shown/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(cards()).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(cards()).toHaveLength(120);
    expect(screen.queryByText(/prompts shown/)).toBeNull();
  });
});

describe('overview', () => {
  it('links a last error to the Logs tab, where the server’s own words are', async () => {
    const api = createFakeApi({
      status: async () => ({
        ...(await createFakeApi().status({})),
        servers: [serverStatus({ name: 'everything', state: 'error', lastError: { code: 'server_unavailable', message: 'exited with code 1' } })],
      }),
    });
    renderApp(api, { hash: '#/services/everything' });
    const link = await screen.findByRole('link', { name: 'Read what everything wrote in its logs' });
    expect(link.getAttribute('href')).toBe('#/services/everything/logs');
  });
});
