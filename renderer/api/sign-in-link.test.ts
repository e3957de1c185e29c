import { describe, expect, it } from 'vitest';
import { takeSignInLink, watchSignInLink, type LinkScope } from './sign-in-link';

function scope(hash: string) {
  const replaced: Array<{ state: unknown; url: string | URL | null | undefined }> = [];
  const fake: LinkScope = {
    location: { hash, pathname: '/', search: '' },
    history: { state: { kept: true }, replaceState: (state, _unused, url) => replaced.push({ state, url }) },
  };
  return { fake, replaced };
}

describe('the printed sign-in link', () => {
  it('is read from #token= and removed from the address', () => {
    const { fake, replaced } = scope('#token=s3cret-Value_1');
    expect(takeSignInLink(fake)).toBe('s3cret-Value_1');
    expect(replaced).toEqual([{ state: { kept: true }, url: '/' }]);
  });

  it('is undefined without one, and the address is left alone (a screen route, an empty token)', () => {
    for (const hash of ['', '#/settings', '#token=']) {
      const { fake, replaced } = scope(hash);
      expect(takeSignInLink(fake)).toBeUndefined();
      expect(replaced).toEqual([]);
    }
  });

  it('is taken when pasted into an open tab, and a route change is not a link', () => {
    const { fake, replaced } = scope('#/agents');
    let listener: (() => void) | undefined;
    const seen: string[] = [];
    const stop = watchSignInLink({ ...fake, addEventListener: (_t, l) => (listener = l), removeEventListener: () => (listener = undefined) }, (link) => seen.push(link));
    listener?.();
    fake.location.hash = '#token=pasted';
    listener?.();
    expect(seen).toEqual(['pasted']);
    expect(replaced).toHaveLength(1);
    stop();
    expect(listener).toBeUndefined();
  });
});
