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

  it('marks a service with no key by what it is: a program here or a remote service', () => {
    expect(serviceMark(undefined, 'stdio').title).toBe('a program on this computer');
    expect(serviceMark(undefined, 'http').title).toBe('a remote service');
    expect(serviceMark('constructor', 'http').title).toBe('a remote service');
  });
});
