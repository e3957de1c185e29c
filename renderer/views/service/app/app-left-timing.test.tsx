// @vitest-environment jsdom
import { createElement, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useFrameLeft } from './app-left';

type Seen = ReturnType<typeof useFrameLeft>;

/** Renders the hook for `appId` into `host`, marking the app on the element so its commit can be watched. */
function Probe({ appId, seen }: { appId: string | null; seen: { current: Seen | null } }): ReactElement {
  const result = useFrameLeft(appId);
  seen.current = result;
  return createElement('div', { 'data-app': appId ?? '', 'data-left': result.left?.address ?? '' });
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined };
const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
});

describe('the note of an app that moved its frame, against React’s timing', () => {
  it('stays when the frame reports right after the render that shows the app, before that render’s effects run', async () => {
    // Outside act, as in the browser: a render commits in one task and its effects run in a later one.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const seen: { current: Seen | null } = { current: null };
    const shown = (appId: string | null) => root.render(createElement(Probe, { appId, seen }));
    const committed = (appId: string) =>
      new Promise<void>((resolve) => {
        const watch = new MutationObserver(() => {
          if (host.firstElementChild?.getAttribute('data-app') !== appId) return;
          watch.disconnect();
          // In the microtask right after the commit: the frame loads its document, the browser
          // reports the navigation, the frame loads its error page.
          seen.current?.onLoad();
          document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'frame-src', blockedURI: 'https://spy.example' }));
          seen.current?.onLoad();
          resolve();
        });
        watch.observe(host, { subtree: true, childList: true, attributes: true });
      });
    shown(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reported = committed('app-1');
    shown('app-1');
    await reported;
    // Every task React scheduled has run by the time a later timer fires.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(host.firstElementChild?.getAttribute('data-left')).toBe('https://spy.example');
    expect(seen.current?.left).toEqual({ address: 'https://spy.example' });
    root.unmount();
    host.remove();
  });
});
