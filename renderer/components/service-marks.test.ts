import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../shared/catalog';
import { MARKED_KEYS, serviceMark } from './service-marks';

describe('service marks', () => {
  it('gives every catalog entry a mark of its own key, and no monogram', () => {
    for (const entry of CATALOG) {
      expect(MARKED_KEYS, entry.id).toContain(entry.icon);
      const mark = serviceMark(entry.icon, entry.transport);
      expect(mark.kind === 'brand' ? mark.path.length : mark.node.length, entry.id).toBeGreaterThan(0);
    }
  });

  it('tells Git and GitHub apart (the monograms were both "Gi")', () => {
    const git = serviceMark('git');
    const github = serviceMark('github');
    expect(git.kind).toBe('brand');
    expect(github.kind).toBe('brand');
    expect(git.kind === 'brand' && github.kind === 'brand' && git.path !== github.path).toBe(true);
  });

  it('gives each product its own mark: only entries of one product share a key', () => {
    // GitHub remote and local are one product; the reference servers are all the MCP project's.
    const sharedByOneProduct = new Set(['github', 'mcp']);
    const byKey = new Map<string, string[]>();
    for (const entry of CATALOG) byKey.set(entry.icon, [...(byKey.get(entry.icon) ?? []), entry.id]);
    const shared = [...byKey].filter(([key, ids]) => ids.length > 1 && !sharedByOneProduct.has(key));
    expect(shared).toEqual([]);
    const google = CATALOG.filter((entry) => /google|gmail/i.test(entry.name));
    expect(google.length).toBeGreaterThanOrEqual(4);
    const drawings = google.map((entry) => {
      const mark = serviceMark(entry.icon, entry.transport);
      return mark.kind === 'brand' ? mark.path : '';
    });
    expect(drawings.every((path) => path !== '')).toBe(true);
    expect(new Set(drawings).size).toBe(google.length);
  });

  it('marks a service with no key by what it is: a program here or a remote service', () => {
    expect(serviceMark(undefined, 'stdio').title).toBe('a program on this computer');
    expect(serviceMark(undefined, 'http').title).toBe('a remote service');
    expect(serviceMark('constructor', 'http').title).toBe('a remote service');
  });
});
