import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../testing';
import { getApi } from './get-api';

describe('getApi', () => {
  it('prefers the Electron preload API when the window has one, turning its rejections into CodedErrors', async () => {
    const preload = createFakeApi();
    const calls: unknown[] = [];
    preload.stopServer = (input) => {
      calls.push(input);
      // What the preload rejects with: a plain wire error (an Error loses its fields at the context bridge).
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      return Promise.reject({ code: 'not_found', message: 'No server named "x"', hint: 'See the catalog' });
    };
    const api = getApi({ connectedServices: preload });
    await expect(api.stopServer({ name: 'x' })).rejects.toMatchObject({ name: 'CodedError', code: 'not_found', hint: 'See the catalog' });
    expect(calls).toEqual([{ name: 'x' }]);
  });

  it('falls back to HTTP in web mode, and ignores a non-API value', () => {
    for (const scope of [{}, { connectedServices: { status: 'nope' } }, { connectedServices: null }]) {
      const api = getApi(scope);
      expect(typeof api.status).toBe('function');
      expect(typeof api.on).toBe('function');
      expect(api).not.toBe(scope.connectedServices);
    }
  });
});
