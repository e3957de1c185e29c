import { describe, expect, it } from 'vitest';
import { NO_REQUESTS, requestIdsOf, type IdOfOtherType } from './answer-check';
import { INVALID_ANSWER_TEXT, STRING_ID_TEXT } from './invalid-answer';
import { answerRepairStream, invalidAnswerFetch } from './invalid-answer-fetch';

const BOTH = '{"jsonrpc":"2.0","id":7,"result":{"content":[]},"error":{"code":1,"message":"x"}}';
const FIXED = `{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":${JSON.stringify(INVALID_ANSWER_TEXT)}}}`;
const GOOD = '{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"an error\\"error\\""}]}}';

/** The stream's output for `text` cut into chunks of `size` bytes. */
async function through(text: string, size: number, otherType: IdOfOtherType = NO_REQUESTS): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(answerRepairStream(otherType))).text();
}

describe('answerRepairStream', () => {
  it('rewrites an event whose answer has both result and error, keeping its other fields; every other byte passes as it came, however the stream is cut', async () => {
    const stream = `: keep-alive\n\nid: 1\nevent: message\ndata: ${GOOD}\n\nid: 2\r\nevent: message\r\ndata: ${BOTH}\r\n\r\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"error":1}}\n\nretry: 5`;
    const expected = `: keep-alive\n\nid: 1\nevent: message\ndata: ${GOOD}\n\nid: 2\nevent: message\ndata: ${FIXED}\n\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"error":1}}\n\nretry: 5`;
    for (const size of [1, 2, 3, 7, 64, 100_000]) expect(await through(stream, size)).toBe(expected);
  });

  it('leaves a stream with no such answer byte for byte, a lone answer split over data lines repaired', async () => {
    const plain = `data: ${GOOD}\n\ndata: not json "error"\n\n`;
    expect(await through(plain, 5)).toBe(plain);
    const split = `data: {"jsonrpc":"2.0","id":7,\ndata: "result":{},"error":{"code":1,"message":"x"}}\n\n`;
    expect(await through(split, 4)).toBe(`data: ${FIXED}\n\n`);
    // Lines that end in a lone CR: each event still passes when it ends, not when the stream does.
    const cr = `data: ${GOOD}\r\rdata: ${BOTH}\r\r`;
    for (const size of [1, 9, 100_000]) expect(await through(cr, size)).toBe(`data: ${GOOD}\r\rdata: ${FIXED}\n\n`);
    const open = answerRepairStream();
    const writer = open.writable.getWriter();
    const reader = open.readable.getReader();
    void writer.write(new TextEncoder().encode(`data: ${GOOD}\r\rdata: {"jsonrpc"`));
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(`data: ${GOOD}\r\r`);
  });
});

describe('answerRepairStream: every message event parsed', () => {
  it('repairs an answer whose error key is escaped or whose code is no integer, and leaves an event of another type as it came', async () => {
    const escaped = `data: {"jsonrpc":"2.0","id":7,"result":{},"\\u0065rror":{"code":1,"message":"x"}}\n\n`;
    for (const size of [1, 5, 100_000]) expect(await through(escaped, size)).toBe(`data: ${FIXED}\n\n`);
    const float = 'event: message\ndata: {"jsonrpc":"2.0","id":7,"error":{"code":1.5,"message":"x"}}\n\n';
    expect(await through(float, 3)).toBe(`event: message\ndata: ${FIXED}\n\n`);
    const other = `event: other\ndata: ${BOTH}\n\n`;
    expect(await through(other, 4)).toBe(other);
  });

  it('fails the POST\'s request whose id came back as a string, from the request body; a stream of no request passes it', async () => {
    const answer = 'data: {"jsonrpc":"2.0","id":"7","result":{"content":[]}}\n\n';
    const failed = `data: {"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":${JSON.stringify(STRING_ID_TEXT)}}}\n\n`;
    expect(await through(answer, 6, requestIdsOf('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t"}}'))).toBe(failed);
    expect(await through(answer, 6)).toBe(answer);
  });
});

describe('checked bodies and invalidAnswerFetch', () => {
  it('makes a JSON body\'s wrong answers error answers for their ids, in a batch too; a well-formed one is the same value', async () => {
    const good = JSON.parse(GOOD) as unknown;
    const fetch = (body: string, request?: string) =>
      invalidAnswerFetch(() => Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } })))('http://127.0.0.1/mcp', { method: 'POST', body: request ?? null });
    expect(await (await fetch(GOOD)).json()).toEqual(good);
    expect(await (await fetch(BOTH)).json()).toEqual(JSON.parse(FIXED));
    expect(await (await fetch(`[${BOTH},${GOOD}]`)).json()).toEqual([JSON.parse(FIXED), good]);
    expect(await (await fetch('{"jsonrpc":"2.0","id":3,"result":[1]}')).json()).toEqual({ ...(JSON.parse(FIXED) as object), id: 3 });
    expect(await (await fetch('{"jsonrpc":"2.0","id":7,"error":{"code":1.5,"message":"x"}}')).json()).toEqual(JSON.parse(FIXED));
    const request = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t"}}';
    expect(await (await fetch('{"jsonrpc":"2.0","id":"7","result":{}}', request)).json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: STRING_ID_TEXT } });
  });
});
