import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { layerBreak } from './layers.mjs';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/** The only packages pure shared code may use. */
const SHARED_PACKAGES = new Set(['zod']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Packages only tests and test support use. */
const TEST_PACKAGES = new Set(['vitest', '@testing-library/react', '@testing-library/user-event', '@testing-library/dom', 'playwright-core']);

export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier) found.push(specifier);
  }
  return found;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** `electron/pool/x.ts` → `electron/pool`; files directly in a layer have no module. */
function moduleOf(path: string): string | null {
  const parts = path.split('/');
  return parts.length >= 3 ? parts.slice(0, 2).join('/') : null;
}

/** Checks one file (path relative to root, forward slashes) against the rules of docs/architecture.md. */
export function checkFile(path: string, source: string): Violation[] {
  const violations: Violation[] = [];
  const layer = path.split('/')[0];
  const isTest = /\.test\.tsx?$/.test(path);
  for (const specifier of importsOf(source)) {
    const add = (rule: string) => violations.push({ file: path, specifier, rule });
    const isRelative = specifier.startsWith('.');
    const target = isRelative ? join(dirname(path), specifier).split(sep).join('/') : null;
    const targetLayer = target?.split('/')[0];
    if (layer === 'shared' && !isTest) {
      if (isRelative && targetLayer !== 'shared') add('shared/ imports nothing of the project but shared/');
      if (!isRelative && !SHARED_PACKAGES.has(packageName(specifier))) add('shared/ is pure: no Node, Electron, React or other packages');
    }
    if (layer === 'renderer') {
      if (BUILTINS.has(specifier)) add('renderer/ never imports Node built-ins');
      if (targetLayer === 'electron') add('renderer/ reaches the core only through the App API');
    }
    if (layer === 'electron' || layer === 'shared') {
      if (targetLayer === 'renderer') add('the core never imports the renderer');
    }
    if (packageName(specifier) === 'electron' && !path.startsWith('electron/shell/')) add('only electron/shell/ imports electron');
    // Test support has one home (test/support): a product file that is not a test never holds any.
    if (layer !== 'test' && !isTest && (TEST_PACKAGES.has(packageName(specifier)) || targetLayer === 'test')) {
      add('test support lives in test/support, not in a product folder');
    }
    // The dependency order: no import up or sideways (layers.mjs, the list eslint.config.js reads too).
    const broken = target ? layerBreak(path, target) : undefined;
    if (broken) add(broken);
    // A stylesheet is not a module's interface; any screen may use the shared styles.
    if (target && layer !== 'test' && targetLayer !== 'test' && !specifier.endsWith('.css')) {
      const from = moduleOf(path);
      const to = moduleOf(target + '/x');
      const targetModule = moduleOf(target);
      const intoOther = targetModule !== null && targetModule !== from;
      if (intoOther && target !== targetModule && target !== `${targetModule}/index` && to !== null) {
        add(`reach ${targetModule} through its index.ts, not its internals`);
      }
    }
  }
  return violations;
}

export function checkTree(root: string, layers = ['shared', 'renderer', 'electron']): Violation[] {
  const violations: Violation[] = [];
  for (const layer of layers) {
    const dir = resolve(root, layer);
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      violations.push(...checkFile(relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8')));
    }
  }
  return violations;
}
