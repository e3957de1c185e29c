import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';

// What runs outside the browser: the screens are bundled whole into dist/renderer, so what only they
// import belongs in devDependencies (a program installing the package, and the packaged app, would
// otherwise carry icon sets and React for nothing).
const RUNTIME_FOLDERS = ['electron', 'shared', 'bin'];
const RUNTIME_FILES = ['build/postinstall.mjs'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The package a module specifier names (`@scope/name/sub` → `@scope/name`), or undefined for a path or Node's own. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name && !builtinModules.includes(name) ? name : undefined;
}

/** Packages a file loads: static and dynamic imports, `require` and `require.resolve`, type-only imports left out. */
function packagesLoadedBy(text: string): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /^\s*import\s+(?!type\s)[^'"`;]*?from\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\s)[^'"`;]*?from\s+['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /(?<![.\w])require(?:\.resolve)?\(\s*['"`]([^'"`$]+)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const name = match[1] ? packageOf(match[1]) : undefined;
      if (name) found.add(name);
    }
  }
  return found;
}

describe('runtime dependencies', () => {
  it('reads the packages a file loads, not its type-only imports', () => {
    const text = [
      "import { z } from 'zod';",
      "import type { Command } from 'commander';",
      "import { x } from '@scope/pkg/sub';",
      "import { join } from 'node:path';",
      "import { a } from './local';",
      "const e = require.resolve(`@modelcontextprotocol/server-memory/package.json`);",
      "const m = await import('undici');",
      "const own = loader.require('cli-main.cjs');",
      "export { y } from 'diff';",
    ].join('\n');
    expect([...packagesLoadedBy(text)].sort()).toEqual(['@modelcontextprotocol/server-memory', '@scope/pkg', 'diff', 'undici', 'zod']);
  });

  it('are exactly what the code outside the screens loads', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const loaded = new Set<string>();
    for (const file of [...RUNTIME_FOLDERS.flatMap(sources), ...RUNTIME_FILES]) {
      for (const name of packagesLoadedBy(readFileSync(join(ROOT, file), 'utf8'))) loaded.add(name);
    }
    // Electron is the desktop shell's host, installed beside the app, never inside it.
    loaded.delete('electron');
    const declared = Object.keys(manifest.dependencies).sort();
    expect(declared.filter((name) => !loaded.has(name)), 'dependencies only the screens or tests load: move them to devDependencies').toEqual([]);
    expect([...loaded].filter((name) => !declared.includes(name)).sort(), 'packages loaded at run time but not in dependencies').toEqual([]);
  });
});
