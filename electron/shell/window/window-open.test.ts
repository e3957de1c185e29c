import { describe, expect, it } from 'vitest';
import { windowOpenDecision, type OpenRequest } from './window-open';

const request = (url: string, referrer: string, disposition: OpenRequest['disposition'] = 'foreground-tab'): OpenRequest => ({
  url,
  disposition,
  referrer: { url: referrer, policy: referrer === '' ? 'no-referrer' : 'strict-origin-when-cross-origin' },
});

describe('windowOpenDecision: what setWindowOpenHandler answers', () => {
  it('refuses every request, from our page, from an app\'s frame, or from a frame that sent no referrer', () => {
    const logged: string[] = [];
    const log = (line: string) => void logged.push(line);
    // Our page's link (noreferrer), an app's frame (its referrer, when sent), one that hid it, a local name, a popup.
    expect(windowOpenDecision(request('https://docs.example.com/', ''), log)).toEqual({ action: 'deny' });
    expect(windowOpenDecision(request('https://phish.example.com/', 'cs-app://apps/a1/index.html'), log)).toEqual({ action: 'deny' });
    expect(windowOpenDecision(request('https://localtest.me:8443/admin', ''), log)).toEqual({ action: 'deny' });
    expect(windowOpenDecision(request('app://connected-services/index.html', 'app://connected-services/index.html', 'new-window'), log)).toEqual({ action: 'deny' });
    expect(logged).toEqual([
      'a new window was refused (foreground-tab): https://docs.example.com/',
      'a new window was refused (foreground-tab, asked by an app): https://phish.example.com/',
      'a new window was refused (foreground-tab): https://localtest.me:8443/admin',
      'a new window was refused (new-window): app://connected-services/index.html',
    ]);
  });

  it('bounds what it logs of a long URL', () => {
    const logged: string[] = [];
    windowOpenDecision(request(`https://example.com/${'a'.repeat(500)}`, ''), (line) => void logged.push(line));
    expect(logged[0]?.length).toBeLessThan(200);
  });
});
