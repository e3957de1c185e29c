/**
 * The dependency order of the core (docs/architecture.md, "The layers"), bottom to top. A module
 * imports only modules of the layers below its own: never one above (a cycle in waiting), never one
 * beside it. In the spirit of VS Code's `code-layering` rule. This one list is read by
 * eslint.config.js (rule `layering/order`) and by test/layering/check-imports.ts.
 * `renderer/` is not in it: it imports `shared/` only, a rule of its own in both places.
 */
import { posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYERS = [
  ['shared'],
  ['electron/fs-safe', 'electron/data-dir', 'electron/net', 'electron/proc-env', 'electron/mcp-wire', 'electron/tool-search', 'electron/mcp-apps'],
  ['electron/vault', 'electron/registry', 'electron/pool', 'electron/secret-stores', 'electron/mcp-registry', 'electron/pinning'],
  ['electron/auth'],
  ['electron/bridge'],
  ['electron/app'],
  ['electron/web'],
  ['electron/cli', 'electron/shell'],
  ['electron/library'],
];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LEVEL = new Map(LAYERS.flatMap((layer, level) => layer.map((name) => [name, level])));

/** The listed module a repository path (forward slashes) belongs to; `electron/x` when x is unlisted. */
export function moduleOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'shared') return 'shared';
  if (parts[0] === 'electron' && parts.length >= 3) return parts.slice(0, 2).join('/');
  return undefined;
}

/**
 * Why an import from file `from` of module path `to` (both relative to the repository, forward
 * slashes, `to` resolved and without extension) breaks the order; undefined when it does not.
 */
export function layerBreak(from, to) {
  const source = moduleOf(from);
  const target = moduleOf(`${to}/`); // `to` may name the module itself (its index.ts)
  if (source === undefined || target === undefined || source === target) return undefined;
  const sourceLevel = LEVEL.get(source);
  const targetLevel = LEVEL.get(target);
  if (sourceLevel === undefined) return `${source} is in no layer: add it to test/layering/layers.mjs`;
  if (targetLevel === undefined) return `${target} is in no layer: add it to test/layering/layers.mjs`;
  if (targetLevel > sourceLevel) return `${source} may not import ${target}, a layer above it (test/layering/layers.mjs)`;
  if (targetLevel === sourceLevel) return `${source} may not import ${target}, beside it in the same layer (test/layering/layers.mjs)`;
  return undefined;
}

/** `layerBreak` for a specifier as written in `file` (absolute); bare package names are not ours. */
export function layerBreakOfSpecifier(file, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const from = relative(ROOT, file).split(sep).join('/');
  return layerBreak(from, posix.join(posix.dirname(from), specifier));
}

/** The ESLint plugin: `layering/order` reports every import, export-from and import() that breaks the order. */
export const layeringPlugin = {
  meta: { name: 'layering' },
  rules: {
    order: {
      meta: {
        type: 'problem',
        docs: { description: 'A module imports only modules of the layers below its own (test/layering/layers.mjs).' },
        schema: [],
      },
      create(context) {
        const check = (node) => {
          const source = node.source;
          if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
          const problem = layerBreakOfSpecifier(context.filename, source.value);
          if (problem) context.report({ node: source, message: problem });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
