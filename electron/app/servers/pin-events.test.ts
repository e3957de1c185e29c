import { describe, expect, it } from 'vitest';
import { pinSummary } from './pin-events';

describe('pinSummary: what a listing pinned, in the admin log', () => {
  it('names every item of a short listing', () => {
    expect(pinSummary({ server: 'memory', outcome: 'removed', tools: ['read_graph'], prompts: [], resources: ['memory://graph'], templates: [] })).toBe(
      'memory: tool read_graph, resource memory://graph removed by the server',
    );
  });

  it('names the first eight and counts the rest by kind', () => {
    const tools = Array.from({ length: 10 }, (_, i) => `t${i}`);
    const summary = pinSummary({ server: 'everything', outcome: 'pinned', tools, prompts: ['p1', 'p2', 'p3'], resources: ['demo://r'], templates: [] });
    expect(summary).toBe('everything: tool t0, tool t1, tool t2, tool t3, tool t4, tool t5, tool t6, tool t7 and 6 more (2 tools, 3 prompts, 1 resource) pinned at first listing');
  });
});
