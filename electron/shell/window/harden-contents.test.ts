import { EventEmitter } from 'node:events';
import type { WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { hardenContents } from './harden-contents';

interface FakeFrame {
  parent: FakeFrame | null;
}

/** The events hardenContents listens to, on an EventEmitter standing in for a window's contents. */
function fakeContents() {
  const emitter = new EventEmitter();
  const contents = Object.assign(emitter, { setWindowOpenHandler: () => undefined }) as unknown as WebContents;
  const opened: string[] = [];
  hardenContents(contents, { host: 'connected-services', opener: (url) => Promise.resolve(void opened.push(url)), log: () => undefined });
  const mainFrame: FakeFrame = { parent: null };
  const appFrame: FakeFrame = { parent: mainFrame };
  /** Emits will-navigate of the window, started by `initiator`; true when it was stopped. */
  const navigate = (url: string, initiator: FakeFrame | null): boolean => {
    let prevented = false;
    emitter.emit('will-navigate', { url, isMainFrame: true, frame: mainFrame, initiator, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { navigate, opened, mainFrame, appFrame };
}

describe('hardenContents: a frame inside our page (an MCP App) cannot move the window', () => {
  it('the window moved by its own page stays within our origin, and an https link opens in the system browser', () => {
    const { navigate, opened, mainFrame } = fakeContents();
    expect(navigate('app://connected-services/index.html#/services/github', mainFrame)).toBe(false);
    expect(navigate('app://connected-services/index.html#/agents', null)).toBe(false);
    expect(navigate('https://docs.example.com/', mainFrame)).toBe(true);
    expect(opened).toEqual(['https://docs.example.com/']);
  });

  it('moved by an app\'s frame: refused, even to our own routes, and nothing is opened outside', () => {
    const { navigate, opened, appFrame } = fakeContents();
    expect(navigate('app://connected-services/index.html#/settings', appFrame)).toBe(true);
    expect(navigate('https://phish.example.com/login', appFrame)).toBe(true);
    expect(opened).toEqual([]);
  });
});
