import { describe, expect, it } from 'vitest';
import { takeSessionToken, TOKEN_STORAGE_KEY, type TokenScope } from './session-token';

function scope(hash: string, stored?: string, storage: 'ok' | 'throws' = 'ok') {
  const values = new Map<string, string>(stored === undefined ? [] : [[TOKEN_STORAGE_KEY, stored]]);
  const replaced: Array<{ state: unknown; url: string | URL | null | undefined }> = [];
  const refuse = () => {
    throw new DOMException('storage is disabled', 'SecurityError');
  };
  const fake: TokenScope = {
    location: { hash, pathname: '/', search: '' },
    history: { state: { kept: true }, replaceState: (state, _unused, url) => replaced.push({ state, url }) },
    sessionStorage: {
      getItem: (key) => (storage === 'throws' ? refuse() : (values.get(key) ?? null)),
      setItem: (key, value) => (storage === 'throws' ? refuse() : values.set(key, value)),
    },
  };
  return { fake, values, replaced };
}

describe('the web-mode session secret', () => {
  it('is read from #token=, kept for the tab, and removed from the address', () => {
    const { fake, values, replaced } = scope('#token=s3cret-Value_1');
    expect(takeSessionToken(fake)).toBe('s3cret-Value_1');
    expect(values.get(TOKEN_STORAGE_KEY)).toBe('s3cret-Value_1');
    expect(replaced).toEqual([{ state: { kept: true }, url: '/' }]);
  });

  it('comes from the tab after a reload, and a newly printed address replaces it', () => {
    const reload = scope('', 'kept-secret');
    expect(takeSessionToken(reload.fake)).toBe('kept-secret');
    expect(reload.replaced).toEqual([]);
    const screen = scope('#/settings', 'kept-secret');
    expect(takeSessionToken(screen.fake)).toBe('kept-secret');
    expect(screen.replaced).toEqual([]);
    const newRun = scope('#token=new-run', 'kept-secret');
    expect(takeSessionToken(newRun.fake)).toBe('new-run');
    expect(newRun.values.get(TOKEN_STORAGE_KEY)).toBe('new-run');
  });

  it('is undefined for a tab that never had it, and for an empty token', () => {
    expect(takeSessionToken(scope('').fake)).toBeUndefined();
    expect(takeSessionToken(scope('#/').fake)).toBeUndefined();
    expect(takeSessionToken(scope('#token=').fake)).toBeUndefined();
  });

  it('still works for this page load when storage is refused', () => {
    const { fake, replaced } = scope('#token=abc', undefined, 'throws');
    expect(takeSessionToken(fake)).toBe('abc');
    expect(replaced).toHaveLength(1);
    expect(takeSessionToken(scope('', undefined, 'throws').fake)).toBeUndefined();
  });
});
