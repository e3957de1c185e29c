import { findNodeAtLocation, type JSONPath, type Node } from 'jsonc-parser';
import { shallowTree } from './json-outline';

/**
 * Sets one member of a JSON(C) document by inserting or replacing only its own text: every other
 * byte (other entries' layout, comments, trailing commas) stays as the person wrote it. jsonc-parser's
 * `modify` with formatting reformats the neighbouring member as well, which would show up in the diff
 * as a change the person did not ask for.
 */
export interface Layout {
  /** One level of indentation (`"  "`, `"\t"`). */
  unit: string;
  eol: string;
}

function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

function rendered(value: unknown, indent: string, layout: Layout): string {
  return JSON.stringify(value, null, layout.unit).split('\n').join(layout.eol + indent);
}

function splice(text: string, offset: number, length: number, content: string): string {
  return text.slice(0, offset) + content + text.slice(offset + length);
}

/** Appends `value` (under `key` for an object) as the container's last member. */
function append(text: string, container: Node, key: string | undefined, value: unknown, layout: Layout): string {
  const members = container.children ?? [];
  const head = key === undefined ? '' : `${JSON.stringify(key)}: `;
  const last = members[members.length - 1];
  if (last === undefined) {
    const outer = lineIndent(text, container.offset);
    const inner = outer + layout.unit;
    const open = container.type === 'array' ? '[' : '{';
    const close = container.type === 'array' ? ']' : '}';
    return splice(text, container.offset, container.length, `${open}${layout.eol}${inner}${head}${rendered(value, inner, layout)}${layout.eol}${outer}${close}`);
  }
  const indent = lineIndent(text, last.offset);
  const end = last.offset + last.length;
  // After the last member, on its line: an optional comma, then an optional comment (`//`, or `/* */` ending there).
  const rest = /^[ \t]*(,?)[ \t]*(\/\/[^\n]*|\/\*(?:[^*\n]|\*(?!\/))*\*\/[ \t]*)?(?=\r?\n)/.exec(text.slice(end));
  const trailingComma = rest?.[1] === ',';
  const member = `${layout.eol}${indent}${head}${rendered(value, indent, layout)}${trailingComma ? ',' : ''}`;
  if (rest === null) return splice(text, end, 0, `,${member}`);
  const at = end + rest[0].length;
  if (trailingComma) return splice(text, at, 0, member);
  // One concatenation of the text's own slices: a busy `~/.claude.json` is copied once, when written, not per step.
  return text.slice(0, end) + ',' + text.slice(end, at) + member + text.slice(at);
}

/** Sets `path` (object keys, then an optional array index to replace) to `value`, creating the parent objects it needs. */
export function setMember(text: string, path: JSONPath, value: unknown, layout: Layout): string {
  const root = shallowTree(text, path[0]);
  if (root === undefined) return `${rendered(nest(path, value), '', layout)}${layout.eol}`;
  const existing = findNodeAtLocation(root, path);
  if (existing !== undefined) {
    return splice(text, existing.offset, existing.length, rendered(value, lineIndent(text, existing.parent?.offset ?? existing.offset), layout));
  }
  // The deepest object that exists, then everything below it as one new member.
  for (let depth = path.length - 1; depth >= 0; depth -= 1) {
    const parent = depth === 0 ? root : findNodeAtLocation(root, path.slice(0, depth));
    if (parent?.type === 'object') {
      const key = path[depth];
      return append(text, parent, String(key), nest(path.slice(depth + 1), value), layout);
    }
  }
  return text;
}

/** Appends `value` to the array at `path`, creating it when absent. */
export function appendItem(text: string, path: JSONPath, value: unknown, layout: Layout): string {
  const root = shallowTree(text, path[0]);
  const array = root === undefined ? undefined : findNodeAtLocation(root, path);
  if (array?.type === 'array') return append(text, array, undefined, value, layout);
  return setMember(text, path, [value], layout);
}

function nest(path: JSONPath, value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [String(key)]: inner }), value);
}

/** The text without the ranges `[from, to)` (in order, not overlapping), as one concatenation of its own slices. */
function cut(text: string, ranges: [number, number][]): string {
  let out = '';
  let kept = 0;
  for (const [from, to] of ranges) {
    out += text.slice(kept, from);
    kept = to;
  }
  return out + text.slice(kept);
}

/**
 * Removes the member at `path` with its own line(s) only; the comma of the one before goes when it
 * becomes last, and a container left with nothing but white space between its brackets closes up
 * (`{}`), as it was before our entry. Every position is found in the text as it is, so the result
 * is made in one step.
 */
export function removeMember(text: string, path: JSONPath): string {
  const root = shallowTree(text, path[0]);
  const node = root === undefined ? undefined : findNodeAtLocation(root, path);
  if (node === undefined) return text;
  const member = node.parent?.type === 'property' ? node.parent : node;
  const container = member.parent;
  const siblings = container?.children ?? [];
  const index = siblings.indexOf(member);
  let start = member.offset;
  let end = member.offset + member.length;
  const after = /^[ \t]*(,?)[ \t]*(\/\/[^\n]*)?(\r?\n)?/.exec(text.slice(end));
  const hadComma = after?.[1] === ',';
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (after?.[3] !== undefined && /^[ \t]*$/.test(text.slice(lineStart, start))) {
    start = lineStart;
    end += after[0].length;
  } else if (hadComma) end += (after?.[0] ?? '').indexOf(',') + 1;
  if (siblings.length === 1 && container !== undefined) {
    const open = container.offset + 1;
    const close = container.offset + container.length - 1;
    if (/^\s*$/.test(text.slice(open, start)) && /^\s*$/.test(text.slice(end, close))) return cut(text, [[open, close]]);
    return cut(text, [[start, end]]);
  }
  const previous = siblings[index - 1];
  if (!hadComma && index === siblings.length - 1 && previous !== undefined) {
    // Between two members there is always a comma: it is before this one's start.
    const previousEnd = previous.offset + previous.length;
    const comma = /^[ \t]*,/.exec(text.slice(previousEnd, start));
    if (comma !== null) return cut(text, [[previousEnd + comma[0].length - 1, previousEnd + comma[0].length], [start, end]]);
  }
  return cut(text, [[start, end]]);
}
