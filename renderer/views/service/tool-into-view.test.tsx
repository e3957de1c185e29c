// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

const tools: ToolInfo[] = ['echo', 'add', 'sum'].map((name) => ({ server: 'everything', name, inputSchema: { type: 'object' } }));
const status = async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: tools.length })] });

const scrolled: Element[] = [];
const scrolledWith = new Map<Element, unknown>();
/** The scroll-margin-top each element had as it was scrolled into view. */
const marginWhenScrolled = new Map<Element, string>();
beforeEach(() => {
  scrolled.length = 0;
  scrolledWith.clear();
  marginWhenScrolled.clear();
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    value: function (this: Element, options?: unknown) {
      scrolled.push(this);
      scrolledWith.set(this, options);
      if (this instanceof HTMLElement) marginWhenScrolled.set(this, this.style.scrollMarginTop);
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

let boxScrollTop = 0;
/** Stacked, with the list's box 300 px tall at 100 px, scrolled 200 px, the chosen row 40 px tall at `rowTop`, the details' heading at `headingTop`. */
function layOutList(rowTop: number, headingTop = 100): void {
  boxScrollTop = 200;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.tagName === 'UL') return DOMRect.fromRect({ x: 0, y: 100, width: 400, height: 300 });
    if (this.getAttribute('aria-current') === 'page' && this.tagName === 'A') return DOMRect.fromRect({ x: 0, y: rowTop, width: 400, height: 40 });
    if (this.tagName === 'H2') return DOMRect.fromRect({ x: 0, y: headingTop, width: 400, height: 30 });
    const top = this.classList.contains('tool-pane') ? 900 : 100;
    return DOMRect.fromRect({ x: 0, y: top, width: 400, height: 800 });
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.tagName === 'UL' ? 300 : 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return this.tagName === 'UL' ? boxScrollTop : 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value: number) {
    if (this.tagName !== 'UL') return;
    boxScrollTop = value;
    scrolled.push(this);
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

  // The list shrinks to its own scroll box once a tool is chosen: the chosen row, cut off at its edge, is
  // scrolled into that box (as block 'nearest'), before the page moves to the details.
  it.each([
    ['cut off at its top, to the top', 80, 180],
    ['cut off at its bottom, to the bottom', 380, 220],
    ['already in view, nowhere', 200, 200],
  ])('at a narrow width, scrolls the list\'s own box to a chosen row %s, then the page to its details', async (_, rowTop, scrollTop) => {
    layOutList(rowTop);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools' });
    const heading = await choose('sum');
    await waitFor(() => expect(scrolled).toContain(heading));
    const box = screen.getByRole('navigation', { name: 'Tools of everything' }).querySelector('ul');
    expect(box).not.toBeNull();
    expect(boxScrollTop).toBe(scrollTop);
    if (scrollTop !== 200) expect(scrolled.indexOf(box as Element)).toBeLessThan(scrolled.indexOf(heading));
    expect(scrolled.filter((e) => e.tagName === 'A')).toEqual([]);
  });

  // The heading at the window's top would leave the chosen row above the window: the page stops with
  // the row at the top (the heading 600 px below the row's top, at 700).
  it('at a narrow width, moves the page no further than keeps the chosen row in the window', async () => {
    layOutList(100.4, 700);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools' });
    const heading = await choose('sum');
    await waitFor(() => expect(scrolled).toContain(heading));
    expect(scrolledWith.get(heading)).toEqual({ block: 'start' });
    expect(marginWhenScrolled.get(heading)).toBe('600px');
    // Only for that scroll: the heading keeps no margin of its own.
    expect(heading.style.scrollMarginTop).toBe('');
  });

  // The plain list shows no tool: choosing the same one again is a new choice, not the page it opened on.
  it('at a narrow width, chosen again after the plain list, brings its row and details into view again', async () => {
    layOutList(380);
    renderApp(createFakeApi({ status, listTools: () => tools }), { hash: '#/services/everything/tools' });
    await choose('sum');
    fireEvent.click(screen.getByRole('link', { name: /^Tools/ }));
    window.location.hash = '#/services/everything/tools';
    await screen.findByText('Choose a tool to see its details and try it.');
    scrolled.length = 0;
    const heading = await choose('sum');
    await waitFor(() => expect(scrolled).toContain(heading));
    expect(scrolled).toContain(screen.getByRole('navigation', { name: 'Tools of everything' }).querySelector('ul'));
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
