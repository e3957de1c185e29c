// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClippedText } from './clipped-text';

afterEach(cleanup);

const LONG = `https://mcp.very-long-company-name-for-layout-testing.example.com/${'path/'.repeat(10)}`;

// A screens review: a service's clipped command line had "More of the description of crasher".
describe("a clipped command line or address: its toggle says what it shows", () => {
  it('names the command or the address, not a description', () => {
    render(<ClippedText className="row-sub" text={LONG} label="crasher" what="command" />);
    expect(screen.getByRole('button', { name: 'More of the command of crasher' })).toBeTruthy();
    cleanup();
    render(<ClippedText className="row-sub" text={LONG} label="remote" what="address" />);
    expect(screen.getByRole('button', { name: 'More of the address of remote' })).toBeTruthy();
  });
});

describe('a clipped one-line text', () => {
  it('puts its "more" toggle after the text, on its line, not on a line under it', () => {
    render(<ClippedText className="row-sub" text={LONG} label="mirror" />);
    const text = screen.getByTitle(LONG);
    const more = screen.getByRole('button', { name: 'More of the description of mirror' });
    // One flex line holds both (catalog.css, .clipped-line): the toggle follows the text.
    expect(more.parentElement).toBe(text.parentElement);
    expect(text.parentElement?.className).toBe('clipped-line');
    expect(text.nextElementSibling).toBe(more);
    fireEvent.click(more);
    expect(text.className).toContain('unclipped');
    expect(screen.getByRole('button', { name: 'Less of the description of mirror' }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('a short text its column cuts', () => {
  const SHORT = 'A knowledge-graph memory that persists across sessions.';
  let observed: Element[] = [];
  let observers = 0;
  let report: (entries: Array<{ target: Element }>) => void = () => undefined;
  beforeEach(() => {
    observed = [];
    observers = 0;
    // jsdom lays nothing out: the observer reports when the test says, and the text is as wide as it says.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: (entries: Array<{ target: Element }>) => void) {
          observers++;
          report = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        unobserve(element: Element) {
          observed = observed.filter((e) => e !== element);
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  function sized(scrollWidth: number, clientWidth: number) {
    const text = screen.getByTitle(SHORT);
    Object.defineProperty(text, 'scrollWidth', { configurable: true, value: scrollWidth });
    Object.defineProperty(text, 'clientWidth', { configurable: true, value: clientWidth });
    act(() => report(observed.map((target) => ({ target }))));
  }

  it('offers "more" once the ellipsis cuts it, and not while it fits', () => {
    render(<ClippedText className="row-sub" text={SHORT} label="Memory" />);
    sized(300, 300);
    expect(screen.queryByRole('button', { name: 'More of the description of Memory' })).toBeNull();
    sized(420, 300);
    const more = screen.getByRole('button', { name: 'More of the description of Memory' });
    fireEvent.click(more);
    // Shown whole, it fits: the toggle stays, to fold it again.
    sized(300, 300);
    expect(screen.getByRole('button', { name: 'Less of the description of Memory' })).toBeTruthy();
  });

  it('watches every short text through one observer, and tells each only of its own size', () => {
    const other = 'Read and write files inside the folders you allow.';
    render(
      <>
        <ClippedText className="row-sub" text={SHORT} label="Memory" />
        <ClippedText className="row-sub" text={other} label="Filesystem" />
        <ClippedText className="row-sub" text="Fetch web pages." label="Fetch" />
      </>,
    );
    expect(observers).toBe(1);
    expect(observed).toHaveLength(3);
    const cut = screen.getByTitle(other);
    Object.defineProperty(cut, 'scrollWidth', { configurable: true, value: 420 });
    Object.defineProperty(cut, 'clientWidth', { configurable: true, value: 300 });
    act(() => report([{ target: cut }]));
    expect(screen.getByRole('button', { name: 'More of the description of Filesystem' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More of the description of Memory' })).toBeNull();
    cleanup();
    expect(observed).toEqual([]);
  });
});
