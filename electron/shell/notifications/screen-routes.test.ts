import { describe, expect, it } from 'vitest';
import { hashFor, isShellHash, screenFor } from './screen-routes';

describe('screen routes', () => {
  it('maps each notification to the screen that resolves it', () => {
    expect(screenFor({ kind: 'needs-sign-in', server: 'github' })).toBe('#/services/github');
    expect(screenFor({ kind: 'approval-waiting', id: 'a1', agent: 'claude', server: 'fs', tool: 'delete' })).toBe('#/activity');
    expect(screenFor({ kind: 'device-login-finished', server: 'linear', state: 'expired' })).toBe('#/login/linear');
  });

  it('builds the renderer hashes', () => {
    expect(hashFor({ screen: 'catalog' })).toBe('#/');
    expect(hashFor({ screen: 'service', server: 'my_server-2' })).toBe('#/services/my_server-2');
    expect(hashFor({ screen: 'service', server: 'a/b c' })).toBe('#/services/a%2Fb%20c');
    expect(hashFor({ screen: 'activity' })).toBe('#/activity');
  });

  it('accepts only plain hashes of our shape', () => {
    expect(isShellHash('#/')).toBe(true);
    expect(isShellHash('#/services/github')).toBe(true);
    expect(isShellHash('#/services/a%2Fb')).toBe(true);
    for (const hash of ['', '#', 'services/x', '#/a b', "#/x';alert(1)//", '#/x"', '#/x\n', '#//x', '#/x//y', '#/x?y=1', `#/${'a'.repeat(300)}`, 'javascript:alert(1)']) {
      expect(isShellHash(hash), hash).toBe(false);
    }
  });
});
