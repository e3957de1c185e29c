// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/support/renderer';
import { getApi } from './get-api';
import { TOKEN_STORAGE_KEY, type TokenScope } from './session-token';

/** A web-mode window without the secret. */
const noToken: TokenScope = {
  location: { hash: '', pathname: '/', search: '' },
  history: { state: null, replaceState: () => undefined },
};

describe('getApi', () => {
  afterEach(() => {
    sessionStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('prefers the Electron preload API when the window has one, turning its rejections into CodedErrors', async () => {
    const preload = createFakeApi();
    const calls: unknown[] = [];
    preload.stopServer = (input) => {
      calls.push(input);
      // What the preload rejects with: a plain wire error (an Error loses its fields at the context bridge).
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      return Promise.reject({ code: 'not_found', message: 'No server named "x"', hint: 'See the catalog' });
    };
    const api = getApi({ ...noToken, connectedServices: preload });
    await expect(api?.stopServer({ name: 'x' })).rejects.toMatchObject({ name: 'CodedError', code: 'not_found', hint: 'See the catalog' });
    expect(calls).toEqual([{ name: 'x' }]);
  });

  it('falls back to HTTP in web mode with the secret, and ignores a non-API value', () => {
    for (const connectedServices of [undefined, { status: 'nope' }, null]) {
      const scope = { ...noToken, location: { ...noToken.location, hash: '#token=abc' }, connectedServices };
      const api = getApi(scope);
      expect(typeof api?.status).toBe('function');
      expect(typeof api?.on).toBe('function');
      expect(api).not.toBe(connectedServices);
    }
  });

  it('has no API in web mode without the secret, so the page can say which address to open', () => {
    expect(getApi(noToken)).toBeUndefined();
  });

  it('takes the secret from the real window: out of the address, into this tab', () => {
    history.replaceState(null, '', '/#token=from-the-printed-address');
    expect(getApi(window)).toBeDefined();
    expect(window.location.href).toBe('http://localhost:3000/');
    expect(window.location.hash).toBe('');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('from-the-printed-address');
    // A reload of the tab: the address has no fragment any more, the tab still has the secret.
    expect(getApi(window)).toBeDefined();
    sessionStorage.clear();
    expect(getApi(window)).toBeUndefined();
  });
});
