import { parseTree, type Node, type NodeType } from 'jsonc-parser';

/**
 * Claude Code's `~/.claude.json` keeps every project's prompt history: tens of megabytes on a busy
 * machine. An edit touches one top-level member, so only that member is parsed into a tree (a full
 * `parseTree` of such a file takes seconds and a gigabyte); the others are found by skipping their
 * text. Valid JSON or JSONC only: callers parse the file first.
 */

/** Brackets, quotes and a comment's slash: everything else is skipped by the regular expression engine. */
const NOTABLE = /["/[\]{}]/g;
const LITERAL_END = /[\s,\]}/]/g;

/** Index just past the string that opens at `at`. */
function stringEnd(text: string, at: number): number {
  for (let quote = text.indexOf('"', at + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

/** Index just past the comment that opens at `at`, or `at` when none does. */
function commentEnd(text: string, at: number): number {
  const next = text[at + 1];
  if (text[at] !== '/' || (next !== '/' && next !== '*')) return at;
  const close = next === '/' ? text.indexOf('\n', at + 2) : text.indexOf('*/', at + 2);
  return close < 0 ? text.length : next === '/' ? close : close + 2;
}

function skipBlank(text: string, from: number): number {
  let at = from;
  for (;;) {
    while (at < text.length && /\s/.test(text[at] ?? '')) at += 1;
    const past = commentEnd(text, at);
    if (past === at) return at;
    at = past;
  }
}

/**
 * Walks the brackets from `at` (strings and comments skipped); `onDepth` sees each new depth and
 * stops the walk by returning true. Returns where the walk stopped: past the bracket closing the
 * first one, or where `onDepth` stopped it.
 */
function walk(text: string, at: number, onDepth: (depth: number) => boolean): number {
  let depth = 0;
  NOTABLE.lastIndex = at;
  for (let match = NOTABLE.exec(text); match !== null; match = NOTABLE.exec(text)) {
    const i = match.index;
    const ch = text[i];
    if (ch === '"') NOTABLE.lastIndex = stringEnd(text, i);
    else if (ch === '/') NOTABLE.lastIndex = Math.max(i + 1, commentEnd(text, i));
    else if (ch === '{' || ch === '[') {
      depth += 1;
      if (onDepth(depth)) return i + 1;
    } else {
      depth -= 1;
      if (depth <= 0) return i + 1;
    }
  }
  return text.length;
}

/** Whether JSON(C) text nests deeper than `max` (brackets in strings and comments not counted). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let deeper = false;
  for (let at = skipBlank(text, 0); at < text.length && !deeper; at = skipBlank(text, at)) {
    at = walk(text, at, (depth) => (deeper = depth > max));
  }
  return deeper;
}

/** Whether the document's value (after white space and comments) is an object. */
export function opensObject(text: string): boolean {
  return text[skipBlank(text, 0)] === '{';
}

/** Index just past the value that starts at `at`. */
function valueEnd(text: string, at: number): number {
  const ch = text[at];
  if (ch === '"') return stringEnd(text, at);
  if (ch === '{' || ch === '[') return walk(text, at, () => false);
  LITERAL_END.lastIndex = at;
  return LITERAL_END.exec(text)?.index ?? text.length;
}

function typeAt(text: string, at: number): NodeType {
  const ch = text[at];
  return ch === '{' ? 'object' : ch === '[' ? 'array' : ch === '"' ? 'string' : ch === 't' || ch === 'f' ? 'boolean' : ch === 'n' ? 'null' : 'number';
}

/** A node as it is put together here: jsonc-parser's own type is read-only. */
interface Built {
  type: NodeType;
  value?: unknown;
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: Built;
  children?: Built[];
}

function shift(node: Built, by: number, parent: Built): Built {
  node.offset += by;
  node.parent = parent;
  if (node.colonOffset !== undefined) node.colonOffset += by;
  for (const child of node.children ?? []) shift(child, by, node);
  return node;
}

/**
 * The document's tree as jsonc-parser's `parseTree` gives it, with only the top-level members named
 * `expand` parsed below their own node: every other member's value is a node without children.
 * Undefined when the text holds no object.
 */
export function shallowTree(text: string, expand: string | number | undefined): Node | undefined {
  const start = skipBlank(text, 0);
  if (text[start] !== '{') return undefined;
  const root: Built = { type: 'object', offset: start, length: 0, children: [] };
  let at = skipBlank(text, start + 1);
  while (text[at] === '"') {
    const keyEnd = stringEnd(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    const colon = skipBlank(text, keyEnd);
    const valueAt = skipBlank(text, colon + 1);
    const end = valueEnd(text, valueAt);
    const property: Built = { type: 'property', offset: at, length: end - at, colonOffset: colon, parent: root, children: [] };
    const parsed = key === expand ? parseTree(text.slice(valueAt, end), [], { allowTrailingComma: true }) : undefined;
    const value = parsed !== undefined ? shift(parsed, valueAt, property) : { type: typeAt(text, valueAt), offset: valueAt, length: end - valueAt, parent: property };
    property.children = [{ type: 'string', value: key, offset: at, length: keyEnd - at, parent: property }, value];
    root.children?.push(property);
    at = skipBlank(text, end);
    if (text[at] === ',') at = skipBlank(text, at + 1);
  }
  root.length = at + 1 - start;
  return root;
}
