import { describe, expect, it } from 'vitest';
import { SseEventStart, topLevelId } from './sse-event-id';

describe('the id an SSE event answers', () => {
  it('is read at the top level only, a number or a string', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":7,"result":{"tools":[')).toBe(7);
    expect(topLevelId('{"jsonrpc":"2.0","id":"a\\"b","result":{')).toBe('a"b');
    expect(topLevelId('{"jsonrpc":"2.0","result":{"id":5,"tools":[')).toBeUndefined();
    expect(topLevelId('{"method":"id","params":{}}')).toBeUndefined();
  });

  it("is the current event's, across chunks, after a blank line ended the one before", () => {
    const start = new SseEventStart();
    const bytes = new TextEncoder().encode('id: 1\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\nid: 2\ndata: {"jsonrpc":"2.0",\ndata: "id":2,"result":{"tools":[[[[');
    start.add(bytes.slice(0, 40));
    start.add(bytes.slice(40));
    expect(start.id()).toBe(2);
  });
});
