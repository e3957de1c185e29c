import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('server-sent events parser', () => {
  it('reads named events with JSON data, skipping comments', () => {
    const parser = createSseParser();
    expect(parser.push(': connected\n\nevent: inventoryChanged\ndata: {"server":"memory"}\n\n: keep-alive\n\n')).toEqual([
      { event: 'inventoryChanged', data: '{"server":"memory"}' },
    ]);
  });

  it('completes frames split anywhere, including inside a line and between CR and LF', () => {
    const text = 'event: a\r\ndata: one\r\n\r\nevent: b\rdata: two\r\rdata: three\n\n';
    const whole = createSseParser().push(text);
    expect(whole).toEqual([
      { event: 'a', data: 'one' },
      { event: 'b', data: 'two' },
      { event: 'message', data: 'three' },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      const parser = createSseParser();
      const parts = [...parser.push(text.slice(0, cut)), ...parser.push(''), ...parser.push(text.slice(cut))];
      expect(parts, `cut at ${cut}`).toEqual(whole);
    }
    const oneByOne = createSseParser();
    expect([...text].flatMap((char) => oneByOne.push(char))).toEqual(whole);
  });

  it('joins data lines, drops one leading space only, and dispatches nothing without data', () => {
    const parser = createSseParser();
    expect(parser.push('data:  two spaces\ndata\ndata:x\n\nevent: only-a-type\n\nid: 7\nretry: 10\n\n')).toEqual([{ event: 'message', data: ' two spaces\n\nx' }]);
    // The type of a frame without data does not leak into the next frame.
    expect(parser.push('data: next\n\n')).toEqual([{ event: 'message', data: 'next' }]);
  });

  it('holds an unfinished frame until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('event: a\ndata: 1\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'a', data: '1' }]);
  });
});
