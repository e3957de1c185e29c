import { describe, expect, it } from 'vitest';
import { APP_SCHEME_DEFINITION } from './scheme-privileges';

describe('app:// scheme privileges', () => {
  it('is a standard secure origin that never bypasses CSP nor runs service workers', () => {
    expect(APP_SCHEME_DEFINITION.scheme).toBe('app');
    expect(APP_SCHEME_DEFINITION.privileges).toMatchObject({ standard: true, secure: true, supportFetchAPI: true, bypassCSP: false, allowServiceWorkers: false });
  });
});
