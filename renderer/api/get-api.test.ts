// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/support/renderer';
import { preloadApi, preloadEventsMissed } from './get-api';

describe('preloadApi', () => {
  it('prefers the Electron preload API when the window has one, turning its rejections into CodedErrors', async () => {
    const preload = createFakeApi();
    const calls: unknown[] = [];
    preload.stopServer = (input) => {
      calls.push(input);
      // What the preload rejects with: a plain wire error (an Error loses its fields at the context bridge).
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      return Promise.reject({ code: 'not_found', message: 'No server named "x"', hint: 'See the catalog' });
    };
    const api = preloadApi({ connectedServices: preload });
    await expect(api?.stopServer({ name: 'x' })).rejects.toMatchObject({ name: 'CodedError', code: 'not_found', hint: 'See the catalog' });
    expect(calls).toEqual([{ name: 'x' }]);
  });

  it('is undefined in web mode and for a value that is not the API, so the page signs in over HTTP', () => {
    for (const connectedServices of [undefined, { status: 'nope' }, null]) expect(preloadApi({ connectedServices })).toBeUndefined();
  });
});

describe('preloadEventsMissed', () => {
  it("hands on the preload's onEventsMissed, and is undefined without it", () => {
    const preload = createFakeApi();
    expect(preloadEventsMissed({ connectedServices: preload })).toBeUndefined();
    expect(preloadEventsMissed({ connectedServices: undefined })).toBeUndefined();
    const listeners: Array<() => void> = [];
    const withMissed = Object.assign(preload, {
      onEventsMissed: (listener: () => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    });
    const subscribe = preloadEventsMissed({ connectedServices: withMissed });
    let told = 0;
    subscribe?.(() => told++);
    for (const listener of listeners) listener();
    expect(told).toBe(1);
  });
});
