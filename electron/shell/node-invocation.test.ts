import { describe, expect, it } from 'vitest';
import { isNodeEvalInvocation } from './node-invocation';

describe('isNodeEvalInvocation', () => {
  it('spots the keychain helper command line and nothing a person or the OS passes', () => {
    expect(isNodeEvalInvocation(['/opt/cs/app', '-e', 'require(x)', '/opt/cs/resources/app.asar/node_modules/@napi-rs/keyring/index.js'])).toBe(true);
    expect(isNodeEvalInvocation(['/opt/cs/app', '--eval', 'x'])).toBe(true);
    expect(isNodeEvalInvocation(['/opt/cs/app'])).toBe(false);
    expect(isNodeEvalInvocation(['/opt/cs/app', '--hidden'])).toBe(false);
    expect(isNodeEvalInvocation(['/opt/cs/app', 'connected-services://service/-e'])).toBe(false);
    expect(isNodeEvalInvocation(['/repo/node_modules/electron/dist/electron', '/repo'])).toBe(false);
    // argv[0] is the binary itself, whatever its name.
    expect(isNodeEvalInvocation(['-e'])).toBe(false);
  });
});
