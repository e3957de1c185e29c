import { describe, expect, it } from 'vitest';
import type { RegistryState } from '../../../shared/api';
import { failureInResult } from './failure-in-result';

const reached: RegistryState = { base: 'https://registry.example', label: 'registry.example', entries: 3, fullSyncAt: 1, syncedAt: 2, skipped: { invalid: 0, hostile: 0 } };
const offline: RegistryState = {
  base: 'https://other.example',
  label: 'other.example',
  entries: 0,
  skipped: { invalid: 0, hostile: 0 },
  lastFailure: { at: 2, message: 'getaddrinfo ENOTFOUND other.example' },
};

// Offline, Activity → Changes said "check the MCP registries for new entries — ok" while the catalog said it failed.
describe('failureInResult', () => {
  it('says a refresh of one unreachable registry failed, with its reason', () => {
    expect(failureInResult('refreshRegistries', { registries: [offline] })).toBe('the registry could not be refreshed (other.example: getaddrinfo ENOTFOUND other.example)');
  });

  it('says how many of several failed, naming only those', () => {
    const error = failureInResult('refreshRegistries', { registries: [reached, offline] });
    expect(error).toBe('1 of 2 registries could not be refreshed (other.example: getaddrinfo ENOTFOUND other.example)');
  });

  it('finds nothing when every registry was reached, and for other methods', () => {
    expect(failureInResult('refreshRegistries', { registries: [reached] })).toBeUndefined();
    expect(failureInResult('setBridgePaused', { registries: [offline] })).toBeUndefined();
  });

  it('redacts and bounds what a registry answered', () => {
    const leaky: RegistryState = { ...offline, lastFailure: { at: 2, message: `Authorization: Bearer ghp_${'a'.repeat(36)} ${'x'.repeat(3000)}` } };
    const error = failureInResult('refreshRegistries', { registries: [leaky] }) ?? '';
    expect(error).not.toContain('ghp_aaaa');
    expect([...error].length).toBeLessThanOrEqual(500);
  });
});
