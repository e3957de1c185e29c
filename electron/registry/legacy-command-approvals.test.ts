import { describe, expect, it } from 'vitest';
import { commandFingerprint } from './fingerprint';
import { legacyCoversEntry, legacyFingerprint } from './legacy-command-approvals';

// Fingerprints that approvals.json version 1 holds, as the earlier release computed them.
const V1 = {
  pathAndPythonPath: 'e0d7c28bc78bf70f2e74f94ac214c23d6e17fb1030c0791d559a212b0a0ef48a',
  pythonUserBase: '05c56dfc5e8e11c898d67e5f61c9f1127bce0e94d21aabfb4e8802c17a663edc',
  noEnv: '67e0885bea56816593f72dc563b840e67052f114a69791566ff1af930186d357',
  mixed: 'cef9ca1a982c1126f6de37be76b0308a99f8c090f435f7951ff39ece4b9dc6a7',
};

describe('version-1 approvals', () => {
  const git = { command: 'uvx', args: ['mcp-server-git'] };

  it('computes the fingerprints earlier releases stored, code-loading values (PATH, PYTHONPATH) included', () => {
    expect(legacyFingerprint({ ...git, env: { PATH: '/opt/tools/bin', PYTHONPATH: '/opt/lib' } })).toBe(V1.pathAndPythonPath);
    expect(legacyFingerprint({ ...git, env: { PYTHONUSERBASE: '/home/me/.local' } })).toBe(V1.pythonUserBase);
    expect(legacyFingerprint({ command: 'npx', args: ['-y', 'tool'] })).toBe(V1.noEnv);
    expect(legacyFingerprint({ command: 'npx', args: ['-y', 'tool'], cwd: '/srv', env: { NODE_OPTIONS: '--x', A: 'b' } })).toBe(V1.mixed);
    // Never the current fingerprint: an old record cannot pass for a new one.
    expect(commandFingerprint({ command: 'npx', args: ['-y', 'tool'] })).not.toBe(V1.noEnv);
  });

  it('covered the whole entry only when every variable it sets is a code-loading one', () => {
    expect(legacyCoversEntry({})).toBe(true);
    expect(legacyCoversEntry({ env: {} })).toBe(true);
    expect(legacyCoversEntry({ env: { PATH: '/usr/bin' } })).toBe(true);
    expect(legacyCoversEntry({ env: { PYTHONPATH: '/opt/lib' } })).toBe(true);
    expect(legacyCoversEntry({ env: { NODE_OPTIONS: '--x', LD_PRELOAD: '/a.so' } })).toBe(true);
    expect(legacyCoversEntry({ env: { PYTHONUSERBASE: '/home/me/.local' } })).toBe(false);
    // Listed as code-loading since; version 1 never held their values.
    expect(legacyCoversEntry({ env: { GIT_SSH_COMMAND: 'ssh -i key' } })).toBe(false);
    expect(legacyFingerprint({ command: 'npx', args: ['-y', 'tool'], env: { VOLTA_HOME: '/a' } })).toBe(legacyFingerprint({ command: 'npx', args: ['-y', 'tool'], env: { VOLTA_HOME: '/b' } }));
    expect(legacyCoversEntry({ env: { PATH: '/usr/bin', API_TOKEN: '${secret:T}' } })).toBe(false);
  });
});
