import { describe, expect, it } from 'vitest';
import { withPlainParameterNames } from './hidden-parameter-names';

const tool = (name: string, properties: Record<string, unknown>): { name: string; inputSchema: unknown } => ({ name, inputSchema: { type: 'object', properties } });

describe('withPlainParameterNames', () => {
  it('leaves out a tool naming a parameter, at any depth, with an escape, a bidi override or an invisible character, and logs it once', () => {
    const lines: string[] = [];
    const tools = [
      tool('plain', { path: { type: 'string' }, 'naïve 名前 emoji😀': { type: 'string' } }),
      tool('escape', { 'x\u001b[2J': { type: 'string' } }),
      tool('nested', { outer: { type: 'object', properties: { 'a\u202eb': { type: 'string' } } } }),
      tool('in-items', { list: { type: 'array', items: { type: 'object', properties: { 'zero\u200bwidth': {} } } } }),
      tool('in-defs', {}),
    ];
    (tools[4]!.inputSchema as Record<string, unknown>)['$defs'] = { 'tab\tname': { type: 'string' } };
    expect(withPlainParameterNames('s', tools, (line) => lines.push(line)).map((t) => t.name)).toEqual(['plain']);
    expect(lines).toEqual(['[s] lists "escape", "nested", "in-items", "in-defs" with a parameter named with control or invisible characters; left out']);
  });

  it('keeps a description or value holding such characters (those are shown escaped), and logs nothing for plain tools', () => {
    const lines: string[] = [];
    const tools = [tool('described', { p: { type: 'string', description: 'red \u001b[31m text', enum: ['\u202e'] } })];
    expect(withPlainParameterNames('s', tools, (line) => lines.push(line))).toEqual(tools);
    expect(lines).toEqual([]);
  });
});
