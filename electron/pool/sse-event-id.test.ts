import { describe, expect, it } from 'vitest';
import { SseEventId, topLevelId } from './sse-event-id';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('the id an SSE event answers', () => {
  it('is read at the top level only, a number or a string', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":7,"result":{"tools":[')).toBe(7);
    expect(topLevelId('{"jsonrpc":"2.0","id":"a\\"b","result":{')).toBe('a"b');
    expect(topLevelId('{"jsonrpc":"2.0","result":{"id":5,"tools":[')).toBeUndefined();
    expect(topLevelId('{"method":"id","params":{}}')).toBeUndefined();
    // "id" as a value, not a key, before the real one.
    expect(topLevelId('{"method":"id","id":5}')).toBe(5);
    expect(topLevelId('{"note":"id","id":"x"}')).toBe('x');
    expect(topLevelId('{"jsonrpc":"2.0","result":{"a":"}\\"id\\":9"},"id":12}')).toBe(12);
  });

  it("is the current event's, across chunks, after a blank line ended the one before", () => {
    const scan = new SseEventId();
    const all = bytes('id: 1\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\nid: 2\ndata: {"jsonrpc":"2.0",\ndata: "id":2,"result":{"tools":[[[[');
    expect(scan.add(all.slice(0, 40))).toEqual({ ends: [], ids: [], methods: [] });
    expect(scan.add(all.slice(40)).ids).toEqual([1]);
    expect(scan.id()).toBe(2);
  });

  it('comes with whether the message named a method at its top level', () => {
    const scan = new SseEventId();
    const all = bytes('data: {"id":1,"method":"ping"}\n\ndata: {"id":2,"result":{"method":"x"}}\n\ndata: {"method":"notifications/x"}\n\n');
    expect(scan.add(all)).toMatchObject({ ids: [1, 2, undefined], methods: [true, false, true] });
  });

  it("tells, mid-event, whether the message named a method or an answer's result or error at its top level", () => {
    const scan = new SseEventId();
    scan.add(bytes('data: {"id":1,"params":{"result":1,"method":"x"},"method":"y"'));
    expect([scan.method(), scan.answer()]).toEqual([true, false]);
    scan.add(bytes('}\n\ndata: {"id":2,"result":{"method":'));
    expect([scan.method(), scan.answer()]).toEqual([false, true]);
    scan.add(bytes('1}}\n\ndata: {"error":'));
    expect([scan.method(), scan.answer()]).toEqual([false, true]);
    scan.add(bytes('{}}\n\ndata: {"jsonrpc":"2.0","id":3'));
    expect([scan.method(), scan.answer()]).toEqual([false, false]);
  });

  it('is found wherever the message names it: after a long result, split byte by byte', () => {
    const scan = new SseEventId();
    const deep = `{"jsonrpc":"2.0","result":{"pad":"${'x'.repeat(5000)}","deep":${'['.repeat(3000)}${']'.repeat(3000)}},"id":4321}`;
    const all = bytes(`event: message\ndata: ${deep}\n\n`);
    const ids: (string | number | undefined)[] = [];
    for (let i = 0; i < all.length; i++) ids.push(...scan.add(all.subarray(i, i + 1)).ids);
    expect(ids).toEqual([4321]);
  });

  it('sees an event end where the SDK does: lines ending in a lone CR, or a CRLF split across chunks', () => {
    const scan = new SseEventId();
    expect(scan.add(bytes('data: {"id":1,"x":"\r\rdata: {"id":2}\r\r'))).toEqual({ ends: [21, 37], ids: [1, 2], methods: [false, false] });
    expect(scan.add(bytes('data: {"id":3,\r')).ids).toEqual([]);
    expect(scan.add(bytes('\ndata: "method":"x"}\r')).ids).toEqual([]);
    expect(scan.add(bytes('\n\r\n'))).toEqual({ ends: [2], ids: [3], methods: [true] });
  });
});
