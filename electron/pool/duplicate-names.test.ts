import { describe, expect, it } from 'vitest';
import { firstOfEachName } from './duplicate-names';

describe('firstOfEachName', () => {
  it('keeps the first tool of each name and says once which names came twice', () => {
    const logs: string[] = [];
    const tools = [{ name: 'dup', n: 1 }, { name: 'a', n: 2 }, { name: 'dup', n: 3 }, { name: 'ctl\u001b', n: 4 }, { name: 'ctl\u001b', n: 5 }, { name: 'dup', n: 6 }];
    expect(firstOfEachName('s', tools, (l) => logs.push(l)).map((t) => t.n)).toEqual([1, 2, 4]);
    expect(logs).toEqual(['[s] lists more than one tool named "dup", "ctl\\u001b"; only the first of each is kept']);
  });

  it('says nothing of a listing without duplicates, and counts past the first five', () => {
    const logs: string[] = [];
    firstOfEachName('s', [{ name: 'a' }, { name: 'b' }], (l) => logs.push(l));
    expect(logs).toEqual([]);
    const many = Array.from({ length: 7 }, (_, i) => ({ name: `t${i}` }));
    firstOfEachName('s', [...many, ...many], (l) => logs.push(l));
    expect(logs).toEqual(['[s] lists more than one tool named "t0", "t1", "t2", "t3", "t4" and 2 more; only the first of each is kept']);
  });

  it('leaves out tools with an empty name, saying so once', () => {
    const lines: string[] = [];
    const kept = firstOfEachName('svc', [{ name: '' }, { name: 'a' }, { name: '' }], (line) => lines.push(line));
    expect(kept).toEqual([{ name: 'a' }]);
    expect(lines).toEqual(['[svc] lists 2 tools with an empty name; left out, as MCP names a tool with 1 to 128 characters']);
  });
});
