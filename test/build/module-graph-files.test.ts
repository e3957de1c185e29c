import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { unitTestFiles } from '../module-graph-files';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

// Spelled apart, or vitest would read it as this file's own environment.
const JSDOM = `// @vitest-${'environment'} jsdom\n`;

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cs-graph-files-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('which unit tests share a module graph', () => {
  it('gives a file that replaces, reloads or counts the loading of modules a graph of its own, and screens theirs', () => {
    const root = tree({
      'electron/a/mocked.test.ts': "vi.mock('./x', () => ({}));\n",
      'electron/a/b/reloads.test.ts': 'beforeEach(() => vi.resetModules());\n',
      'electron/lazy.test.ts': "await schemasBuiltBy(['f'], () => import('./f'));\n",
      'shared/marked.test.ts': '// @vitest-own-modules: reads module state at import\n',
      'shared/later.test.ts': "vi.doMock('./y');\n",
      'renderer/panel.test.tsx': `${JSDOM}it("draws", () => {});\n`,
      'renderer/mocked-panel.test.tsx': `${JSDOM}vi.mock('./api');\n`,
      'renderer/model.test.ts': 'it("sorts", () => {});\n',
      'electron/plain.test.ts': 'it("adds", () => vi.fn());\n',
      'electron/spy.test.ts': 'vi.spyOn(process, "exit");\n',
      'electron/not-a-test.ts': "vi.mock('./z');\n",
      'test/integration/outside.test.ts': "vi.mock('./w');\n",
    });
    expect(unitTestFiles(root, ['shared', 'electron', 'renderer'])).toEqual({
      ownGraph: [
        'electron/a/b/reloads.test.ts',
        'electron/a/mocked.test.ts',
        'electron/lazy.test.ts',
        'renderer/mocked-panel.test.tsx',
        'shared/later.test.ts',
        'shared/marked.test.ts',
      ],
      dom: ['renderer/panel.test.tsx'],
    });
  });

  it('puts this repository’s module-replacing tests in their own graph', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = unitTestFiles(root, ['shared', 'electron', 'renderer']);
    // Each of these failed when run in a shared graph (a mock or a count of schemas built at load).
    for (const path of ['shared/text/secret-looking-lazy.test.ts', 'electron/pinning/digest.test.ts', 'electron/mcp-apps/ui-meta-lazy.test.ts', 'renderer/app/screen-failure-hint.test.tsx']) {
      expect(files.ownGraph).toContain(path);
    }
    expect(files.dom).toContain('renderer/lib/focus-after.test.ts');
    expect(files.dom.some((path) => files.ownGraph.includes(path))).toBe(false);
  });
});
