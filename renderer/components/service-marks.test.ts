import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siGitlab, siDocker } from 'simple-icons';
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

  it('ships only the icons it names: the built page holds none of the other brands', () => {
    const assets = join(import.meta.dirname, '../../dist/renderer/assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    const bundle = js.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    const github = serviceMark('github');
    expect(github.kind === 'brand' && bundle.includes(github.path)).toBe(true);
    for (const unused of [siGitlab, siDocker]) expect(bundle.includes(unused.path), unused.title).toBe(false);
  });
});
