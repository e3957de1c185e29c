import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siDocker, siGitlab } from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { serviceMark } from '../../renderer/components/service-marks';

describe('the page bundle and the icon sets', () => {
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
