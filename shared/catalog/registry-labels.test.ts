import { describe, expect, it } from 'vitest';
import { latestMarkedCount, registryLabels } from '.';

describe('registryLabels', () => {
  it('names each registry by its host, adding the path only where hosts are shared', () => {
    const labels = registryLabels(['http://127.0.0.1:8080/one', 'http://127.0.0.1:8080/two', 'http://127.0.0.1:9090', 'https://registry.modelcontextprotocol.io']);
    expect([...labels.values()]).toEqual(['127.0.0.1:8080/one', '127.0.0.1:8080/two', '127.0.0.1:9090', 'registry.modelcontextprotocol.io']);
  });

  it('falls back to the whole base when host and path are the same, and keeps a root path visible', () => {
    const labels = registryLabels(['http://127.0.0.1:8080', 'https://127.0.0.1:8080', 'http://127.0.0.1:8080/v0']);
    expect([...labels.values()]).toEqual(['http://127.0.0.1:8080', 'https://127.0.0.1:8080', '127.0.0.1:8080/v0']);
    expect(new Set(labels.values()).size).toBe(3);
  });
});

describe('latestMarkedCount', () => {
  it('says a count that reached the bound is a floor', () => {
    expect(latestMarkedCount({ latestMarked: 100, latestMarkedAtLeast: true })).toBe('100 or more');
    expect(latestMarkedCount({ latestMarked: 3 })).toBe('3');
  });
});
