import { describe, expect, it } from 'vitest';
import { commandFingerprint } from './fingerprint';

describe('commandFingerprint', () => {
  const base = { command: 'npx', args: ['-y', 'server'], env: { B_TOKEN: 'one', A_NAME: 'x' } };

  it('is a sha256 hex digest, independent of env key order', () => {
    const fp = commandFingerprint(base);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(commandFingerprint({ ...base, env: { A_NAME: 'x', B_TOKEN: 'one' } })).toBe(fp);
  });

  it('ignores env values, which may be rotated secrets', () => {
    expect(commandFingerprint({ ...base, env: { B_TOKEN: 'two', A_NAME: 'y' } })).toBe(commandFingerprint(base));
  });

  it('changes with the command, the args, their order, the env names and cwd', () => {
    const fp = commandFingerprint(base);
    expect(commandFingerprint({ ...base, command: 'node' })).not.toBe(fp);
    expect(commandFingerprint({ ...base, args: ['-y', 'other'] })).not.toBe(fp);
    expect(commandFingerprint({ ...base, args: ['server', '-y'] })).not.toBe(fp);
    expect(commandFingerprint({ ...base, env: { B_TOKEN: 'one' } })).not.toBe(fp);
    expect(commandFingerprint({ ...base, env: { ...base.env, EXTRA: '' } })).not.toBe(fp);
    expect(commandFingerprint({ ...base, cwd: '/srv' })).not.toBe(fp);
  });

  it('changes with the value of a code-loading variable such as NODE_OPTIONS, and only when one is set', () => {
    const withOptions = (value: string) => commandFingerprint({ ...base, env: { ...base.env, NODE_OPTIONS: value } });
    expect(withOptions('--require /tmp/evil.js')).not.toBe(withOptions('--max-old-space-size=512'));
    expect(commandFingerprint({ ...base, env: { ...base.env, LD_PRELOAD: '/tmp/a.so' } })).not.toBe(commandFingerprint({ ...base, env: { ...base.env, LD_PRELOAD: '/tmp/b.so' } }));
    // Approvals given before code-loading values counted stay valid for entries without them.
    expect(commandFingerprint({ command: 'npx', args: ['-y', 'server'] })).toBe('1fe785524779dff5ce95e472df7de86e121118dff20c15f8ddafb7da640098fd');
  });

  it('treats absent args and env like empty ones, but keeps arg boundaries', () => {
    expect(commandFingerprint({ command: 'x' })).toBe(commandFingerprint({ command: 'x', args: [], env: {} }));
    expect(commandFingerprint({ command: 'x', args: ['a b'] })).not.toBe(commandFingerprint({ command: 'x', args: ['a', 'b'] }));
  });
});
