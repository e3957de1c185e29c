// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingAsk, ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

/** Characters that reorder or hide what a person reads (UAX #9): overrides, isolates, marks. */
const HIDDEN = ['\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const ESCAPES = ['\\u202e', '\\u2066', '\\u2067', '\\u2068', '\\u2069', '\\u200e', '\\u200f', '\\u061c'];
/** Each hidden character between letters: "a\u202Eb\u2066c…". */
const mixed = (word: string) => HIDDEN.map((c, i) => `${word}${i}${c}`).join('');

const tool: ToolInfo = {
  server: 'everything',
  name: 'delete\u202Eevil',
  title: `\u202Eevil ${mixed('t')}`,
  description: `Reads ${mixed('d')} files`,
  inputSchema: { type: 'object', properties: { 'path\u202Etxt': { type: 'string' }, mode: { type: 'string', title: 'Mode\u2067', description: 'How\u202E it runs' } } },
};

const status = async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 1, resourceCount: 1, promptCount: 1 })] });

function expectNoRawHidden(element: Element): void {
  const text = element.textContent ?? '';
  for (const char of HIDDEN) expect(text.includes(char), `U+${char.codePointAt(0)?.toString(16)}`).toBe(false);
}

describe('text a server controls, shown with its hidden characters as escapes', () => {
  it('on the Tools tab: the tool list, its title, name, description and its form fields', async () => {
    const api = createFakeApi({ status, listTools: () => [tool], callTool: () => ({ content: [] }) });
    renderApp(api, { hash: `#/services/everything/tools/${encodeURIComponent(tool.name)}` });
    const heading = await screen.findByRole('heading', { level: 2, name: /evil/ });
    expect(heading.textContent).toContain('\\u202eevil t0\\u202et1\\u2066t2\\u2067t3\\u2068t4\\u2069t5\\u200et6\\u200ft7\\u061c');
    expect(heading.textContent).toContain('delete\\u202eevil');
    const list = screen.getByRole('navigation', { name: 'Tools of everything' });
    expect(within(list).getByText('delete\\u202eevil')).toBeTruthy();
    const pane = document.querySelector('.tool-pane');
    if (!pane) throw new Error('no tool pane');
    for (const escape of ESCAPES) expect(pane.querySelector('.tool-description')?.textContent).toContain(escape);
    expect(screen.getByLabelText(/path\\u202etxt/)).toBeTruthy();
    expect(screen.getByLabelText(/Mode\\u2067/)).toBeTruthy();
    expect(screen.getByText('How\\u202e it runs')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Call delete\\u202eevil' })).toBeTruthy();
    expectNoRawHidden(pane);
    expectNoRawHidden(list);
    // Only the words shown change: the call still names the field as the server did.
    fireEvent.change(screen.getByLabelText(/path\\u202etxt/), { target: { value: 'a.txt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call delete\\u202eevil' }));
    await waitFor(() => expect(api.callsOf('callTool')[0]).toMatchObject({ tool: 'delete\u202Eevil', arguments: { 'path\u202Etxt': 'a.txt' } }));
  });

  it('on the Prompts and Resources tabs: names, titles, descriptions and argument names', async () => {
    const api = createFakeApi({
      status,
      listPrompts: () => [{ server: 'everything', name: `p${mixed('n')}`, description: `About ${mixed('x')}`, arguments: [{ name: 'a\u202Eb', description: 'c\u2066d' }] }],
      listResources: () => ({
        resources: [{ server: 'everything', uri: 'demo://r\u202Etxt', name: `r${mixed('n')}`, description: 'see\u200Fthis', mimeType: 'text/plain\u061C' }],
        templates: [{ server: 'everything', uriTemplate: 'demo://{id}\u2068', name: 't\u202Ename', description: 'tmpl\u2069' }],
      }),
    });
    renderApp(api, { hash: '#/services/everything/prompts' });
    const prompts = await screen.findByRole('heading', { level: 3 });
    for (const escape of ESCAPES) expect(prompts.textContent).toContain(escape);
    expect(screen.getByText(/^About x0\\u202e/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'a\\u202eb', description: 'c\\u2066d' })).toBeTruthy();
    expectNoRawHidden(document.body);

    cleanup();
    renderApp(api, { hash: '#/services/everything/resources' });
    const button = await screen.findByRole('button', { name: /^Read r/ });
    for (const escape of ESCAPES) expect(button.textContent).toContain(escape);
    expect(screen.getByText('demo://r\\u202etxt')).toBeTruthy();
    expect(screen.getByText('see\\u200fthis')).toBeTruthy();
    expect(screen.getByText('text/plain\\u061c')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 't\\u202ename' })).toBeTruthy();
    expect(screen.getByText('tmpl\\u2069')).toBeTruthy();
    expectNoRawHidden(document.body);
  });

  it('in log lines, the service description, and a form a server asks the person to fill in', async () => {
    const described = async () => ({ ...(await status()), servers: [serverStatus({ name: 'everything', description: 'mine\u202Eenim' })] });
    const api = createFakeApi({
      status: described,
      readLogs: () => ({ server: 'everything', lines: [{ seq: 1, at: 0, kind: 'stderr', text: 'ok\u202Ekooc' }], cursor: 1, missed: 0 }),
    });
    renderApp(api, { hash: '#/services/everything/logs' });
    expect(await screen.findByText('ok\\u202ekooc')).toBeTruthy();
    expect(screen.getByText('mine\\u202eenim')).toBeTruthy();
    expectNoRawHidden(document.body);

    cleanup();
    const ask: PendingAsk = {
      id: 'f1', kind: 'form', server: 'everything', requestedAt: 1, expiresAt: 2, call: 'tool "x\u202Ey"', message: 'Details',
      requestedSchema: { type: 'object', properties: { 'street\u2066': { type: 'string', description: 'Where\u202E to' } } },
    };
    renderApp(createFakeApi({ listAsks: () => [ask] }));
    expect(await screen.findByLabelText(/street\\u2066/)).toBeTruthy();
    expect(screen.getByText('Where\\u202e to')).toBeTruthy();
    expect(screen.getByText(/During tool "x\\u202ey"/)).toBeTruthy();
    await waitFor(() => expectNoRawHidden(document.body));
  });

  it('on the Tools tab, an emoji joined by zero-width joiners is shown as the emoji; a joiner between letters is not', async () => {
    const family = '👨\u200d👩\u200d👧';
    const rainbow = '🏳\ufe0f\u200d🌈';
    const joined: ToolInfo = { server: 'everything', name: 'pay\u200dpal', title: `${family} Family`, description: `Pride ${rainbow} flags`, inputSchema: { type: 'object' } };
    renderApp(createFakeApi({ status, listTools: () => [joined] }), { hash: `#/services/everything/tools/${encodeURIComponent(joined.name)}` });
    const heading = await screen.findByRole('heading', { level: 2, name: /Family/ });
    expect(heading.textContent).toContain(`${family} Family`);
    expect(heading.textContent).toContain('pay\\u200dpal');
    expect(document.querySelector('.tool-pane .tool-description')?.textContent).toContain(`Pride ${rainbow} flags`);
    expect(document.body.textContent).not.toContain('\\u200d👩');
  });
});
