import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleInputsHash, bundleIsFresh, dropStamp, writeStamp } from '../../build/bundle-stamp.mjs';

/** A project's sources in a folder of their own, with a dist/ built from them (the stamp written). */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'cs-bundle-stamp-'));
  for (const dir of ['electron/cli', 'shared', 'renderer', 'build', 'dist']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'electron/cli/main.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'shared/types.ts'), 'export type T = string;\n');
  writeFileSync(join(root, 'package.json'), '{"name":"x"}\n');
  writeStamp(root, bundleInputsHash(root));
  return root;
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('build stamp: dist/ is rebuilt by the tests only when its inputs changed', () => {
  it('is fresh right after a build of the same files', () => {
    const root = project();
    roots.push(root);
    expect(bundleIsFresh(root)).toBe(true);
  });

  it.each([
    ['a source edited', (root: string) => writeFileSync(join(root, 'electron/cli/main.ts'), 'export const a = 2;\n')],
    ['a source added', (root: string) => writeFileSync(join(root, 'renderer/view.tsx'), 'export {};\n')],
    ['a build script edited', (root: string) => writeFileSync(join(root, 'build/bundle.mjs'), '// changed\n')],
    ['another package installed', (root: string) => writeFileSync(join(root, 'package.json'), '{"name":"x","dependencies":{"y":"1"}}\n')],
    ['the stamp dropped by a build that began', (root: string) => dropStamp(root)],
  ])('is stale after %s', (_what, change) => {
    const root = project();
    roots.push(root);
    change(root);
    expect(bundleIsFresh(root)).toBe(false);
  });

  it('depends on content, not on times: the same files give the same hash', () => {
    const root = project();
    roots.push(root);
    const before = bundleInputsHash(root);
    writeFileSync(join(root, 'shared/types.ts'), 'export type T = string;\n');
    expect(bundleInputsHash(root)).toBe(before);
    expect(bundleIsFresh(root)).toBe(true);
  });
});
