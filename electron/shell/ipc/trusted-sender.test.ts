import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './trusted-sender';

describe('isTrustedSender', () => {
  it('trusts the renderer main frame on our origin', () => {
    expect(isTrustedSender({ url: 'app://connected-services/index.html', isMainFrame: true })).toBe(true);
    expect(isTrustedSender({ url: 'app://connected-services/index.html#/approvals', isMainFrame: true })).toBe(true);
  });

  it('refuses sub-frames, other origins and frames without a URL', () => {
    expect(isTrustedSender({ url: 'app://connected-services/index.html', isMainFrame: false })).toBe(false);
    for (const url of [
      'https://connected-services/index.html',
      'app://vault-passphrase/index.html',
      'app://connected-services.evil/index.html',
      'app://user@connected-services/index.html',
      'file:///app/dist/renderer/index.html',
      'http://127.0.0.1:47780/',
      'about:blank',
      'data:text/html,hi',
      '',
    ]) {
      expect(isTrustedSender({ url, isMainFrame: true }), url).toBe(false);
    }
    expect(isTrustedSender({ url: undefined, isMainFrame: true })).toBe(false);
  });

  it('checks another host when asked', () => {
    expect(isTrustedSender({ url: 'app://vault-passphrase/index.html', isMainFrame: true }, 'vault-passphrase')).toBe(true);
    expect(isTrustedSender({ url: 'app://connected-services/index.html', isMainFrame: true }, 'vault-passphrase')).toBe(false);
  });
});
