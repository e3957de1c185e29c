// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

const tools: ToolInfo[] = ['echo', 'add', 'sum'].map((name) => ({ server: 'everything', name, inputSchema: { type: 'object' } }));
const status = async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: tools.length })] });

const scrolled: Element[] = [];
const scrolledWith = new Map<Element, unknown>();
beforeEach(() => {
  scrolled.length = 0;
  scrolledWith.clear();
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    value: function (this: Element, options?: unknown) {
      scrolled.push(this);
      scrolledWith.set(this, options);
    },
    configurable: true,
  });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  vi.restoreAllMocks();
});

/** Lays the pane out `below` the list (a narrow window) or beside it. */
function layOut(below: boolean): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const pane = this.classList.contains('tool-pane');
    const top = pane && below ? 900 : 100;
    return DOMRect.fromRect({ x: 0, y: top, width: 400, height: 800 });
  });
}

async function choose(name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('link', { name }));
  window.location.hash = `#/services/everything/tools/${name}`;
  return screen.findByRole('heading', { level: 2, name });
}

describe('a tool chosen from the list', () => {
  it('at a narrow width, brings its details into view and focuses their heading', async () => {
    layOut(true);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools' });
    const heading = await choose('add');
    await waitFor(() => expect(scrolled).toContain(heading));
    expect(document.activeElement).toBe(heading);
  });

  // The list shrinks to its own scroll box once a tool is chosen: the chosen row, far down, fell out of it.
  it('at a narrow width, keeps the chosen row in the list\'s own view, then the page on its details', async () => {
    layOut(true);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools' });
    const heading = await choose('sum');
    const row = screen.getByRole('link', { name: 'sum' });
    await waitFor(() => expect(scrolled).toContain(heading));
    expect(scrolledWith.get(row)).toEqual({ block: 'nearest' });
    expect(scrolled.indexOf(row)).toBeLessThan(scrolled.indexOf(heading));
  });

  // The plain list shows no tool: choosing the same one again is a new choice, not the page it opened on.
  it('at a narrow width, chosen again after the plain list, brings its row and details into view again', async () => {
    layOut(true);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools' });
    await choose('sum');
    fireEvent.click(screen.getByRole('link', { name: /^Tools/ }));
    window.location.hash = '#/services/everything/tools';
    await screen.findByText('Choose a tool to see its details and try it.');
    scrolled.length = 0;
    const heading = await choose('sum');
    await waitFor(() => expect(scrolled).toContain(heading));
    expect(scrolled).toContain(screen.getByRole('link', { name: 'sum' }));
  });

  it('beside the list (wide), leaves the scroll and focus where the person is', async () => {
    layOut(false);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools' });
    const link = await screen.findByRole('link', { name: 'add' });
    link.focus();
    await choose('add');
    expect(scrolled).toEqual([]);
    expect(document.activeElement).toBe(link);
  });

  it('opened at its own address, keeps the page at its top', async () => {
    layOut(true);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools/sum' });
    await screen.findByRole('heading', { level: 2, name: 'sum' });
    expect(scrolled).toEqual([]);
  });
});
