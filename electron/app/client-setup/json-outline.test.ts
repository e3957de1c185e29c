import { parseTree, type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan, shallowTree } from './json-outline';

/** A node's place and kind, and its children's, without parent links. */
function shape(node: Node | undefined): unknown {
  if (node === undefined) return undefined;
  const value: unknown = node.value;
  return { type: node.type, offset: node.offset, length: node.length, value, children: node.children?.map(shape) };
}

const TRICKY = `// head { [\n{\n  "a": "x \\\\\\" } ]", /* { */ "n": -1.5e3, "t": true, "z": null,\n  "mcpServers": { "s": { "args": ["}", "\\\\"] }, }, // ]\n  "tail": [1, {"b": 2}],\n}\n`;

describe('shallowTree', () => {
  it('places the expanded member as parseTree does, and every other member at its own span', () => {
    const full = parseTree(TRICKY, [], { allowTrailingComma: true });
    const shallow = shallowTree(TRICKY, 'mcpServers');
    expect(shallow?.children?.map((p): unknown => p.children?.[0]?.value)).toEqual(['a', 'n', 't', 'z', 'mcpServers', 'tail']);
    expect(shape(shallow?.children?.[4])).toEqual(shape(full?.children?.[4]));
    for (const index of [0, 1, 2, 3, 5]) {
      const [mine, theirs] = [shallow?.children?.[index]?.children?.[1], full?.children?.[index]?.children?.[1]];
      expect({ type: mine?.type, offset: mine?.offset, length: mine?.length }).toEqual({ type: theirs?.type, offset: theirs?.offset, length: theirs?.length });
    }
    expect({ offset: shallow?.offset, length: shallow?.length }).toEqual({ offset: full?.offset, length: full?.length });
    expect(shallow?.children?.[4]?.children?.[1]?.children?.[0]?.parent).toBe(shallow?.children?.[4]?.children?.[1]);
    expect(shallow?.children?.[4]?.children?.[1]?.parent).toBe(shallow?.children?.[4]);
  });

  it('gives nothing for text that holds no object', () => {
    expect(shallowTree('[1]', 'x')).toBeUndefined();
    expect(shallowTree('  // only a comment\n', 'x')).toBeUndefined();
  });
});

describe('nestsDeeperThan', () => {
  it('counts brackets, not those in strings or comments', () => {
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan(`{"a": "${'['.repeat(100)}"} // ${'{'.repeat(100)}\n/* ${'['.repeat(100)} */`, 1)).toBe(false);
    // A closing bracket in a comment does not hide the depth after it.
    expect(nestsDeeperThan(`// ${']'.repeat(100)}\n${'['.repeat(10)}${']'.repeat(10)}`, 5)).toBe(true);
  });
});
