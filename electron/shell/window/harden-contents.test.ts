import { EventEmitter } from 'node:events';
import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from 'electron';
import { describe, expect, it } from 'vitest';
import { hardenContents } from './harden-contents';

interface FakeFrame {
  parent: FakeFrame | null;
}

type Handler = (details: HandlerDetails) => WindowOpenHandlerResponse;

/** The events hardenContents listens to, on an EventEmitter standing in for a window's contents. */
function fakeContents() {
  const emitter = new EventEmitter();
  let handler: Handler | undefined;
  const policies: string[] = [];
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (h: Handler) => void (handler = h),
    setWebRTCIPHandlingPolicy: (policy: string) => void policies.push(policy),
  }) as unknown as WebContents;
  const logged: string[] = [];
  hardenContents(contents, { host: 'connected-services', log: (line) => void logged.push(line) });
  const mainFrame: FakeFrame = { parent: null };
  const appFrame: FakeFrame = { parent: mainFrame };
  /** Emits will-navigate of the window, started by `initiator`; true when it was stopped. */
  const navigate = (url: string, initiator: FakeFrame | null): boolean => {
    let prevented = false;
    emitter.emit('will-navigate', { url, isMainFrame: true, frame: mainFrame, initiator, preventDefault: () => (prevented = true) });
    return prevented;
  };
  const open = (url: string): WindowOpenHandlerResponse | undefined =>
    handler?.({ url, frameName: '', features: '', disposition: 'foreground-tab', referrer: { url: '', policy: 'no-referrer' } });
  return { navigate, open, logged, mainFrame, appFrame, policies };
}

describe('hardenContents: a frame inside our page (an MCP App) cannot move the window', () => {
  it('the window moved by its own page stays within our origin; a link elsewhere is not followed, nor opened from here', () => {
    const { navigate, logged, mainFrame } = fakeContents();
    expect(navigate('app://connected-services/index.html#/services/github', mainFrame)).toBe(false);
    expect(navigate('app://connected-services/index.html#/agents', null)).toBe(false);
    expect(navigate('https://docs.example.com/', mainFrame)).toBe(true);
    expect(logged).toEqual(["the window was not moved to https://docs.example.com/: links open through the app's Open"]);
  });

  it('moved by an app\'s frame: refused, even to our own routes', () => {
    const { navigate, appFrame, logged } = fakeContents();
    expect(navigate('app://connected-services/index.html#/settings', appFrame)).toBe(true);
    expect(navigate('https://phish.example.com/login', appFrame)).toBe(true);
    expect(logged).toHaveLength(2);
  });

  it('no window opens, whoever asked: the handler is not told which frame did', () => {
    const { open, logged } = fakeContents();
    expect(open('https://docs.example.com/')).toEqual({ action: 'deny' });
    expect(logged).toEqual(['a new window was refused (foreground-tab): https://docs.example.com/']);
  });
});

describe('hardenContents: WebRTC of the page and its apps\' frames', () => {
  // An app's CSP does not reach WebRTC: without this it could send UDP to any host near the person.
  it('sends no UDP but through a proxy', () => {
    const { policies } = fakeContents();
    expect(policies).toEqual(['disable_non_proxied_udp']);
  });
});
