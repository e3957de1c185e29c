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

  it('treats absent args and env like empty ones, but keeps arg boundaries', () => {
    expect(commandFingerprint({ command: 'x' })).toBe(commandFingerprint({ command: 'x', args: [], env: {} }));
    expect(commandFingerprint({ command: 'x', args: ['a b'] })).not.toBe(commandFingerprint({ command: 'x', args: ['a', 'b'] }));
  });
});
