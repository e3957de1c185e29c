import { describe, expect, it } from 'vitest';
import { checkedAnswer, checkedBody, NO_REQUESTS, requestIdsOf } from './answer-check';
import { INVALID_ANSWER_TEXT, NOT_JSONRPC_TEXT, NUMBER_ID_TEXT, STRING_ID_TEXT } from './invalid-answer';

const failed = (id: string | number, message: string) => ({ jsonrpc: '2.0', id, error: { code: -32603, message } });
const call = (id: string | number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 't', arguments: { id: 'x' } } });

describe('checkedAnswer: JSON-RPC 2.0 §5 shapes', () => {
  it('passes a right answer, a request, a notification and what names no request', () => {
    for (const value of [
      { jsonrpc: '2.0', id: 7, result: {} },
      { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'no', data: [1] } },
      { jsonrpc: '2.0', id: 7, method: 'ping', result: 1 },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { error: 1 } },
      { jsonrpc: '2.0', id: 7 },
      [1],
      'x',
      null,
    ])
      expect(checkedAnswer(value, NO_REQUESTS)).toBeUndefined();
  });

  it('fails both result and error, a result that is no object, and an error whose code is no (safe) integer or has no message', () => {
    for (const error of [{ code: 1.5, message: 'x' }, { code: '1', message: 'x' }, { code: 2 ** 60, message: 'x' }, { code: 1 }, [1], null])
      expect(checkedAnswer({ jsonrpc: '2.0', id: 7, error }, NO_REQUESTS)).toEqual(failed(7, INVALID_ANSWER_TEXT));
    expect(checkedAnswer({ jsonrpc: '2.0', id: 7, result: {}, error: { code: 1, message: 'x' } }, NO_REQUESTS)).toEqual(failed(7, INVALID_ANSWER_TEXT));
    expect(checkedAnswer({ jsonrpc: '2.0', id: 'a', result: 'text' }, NO_REQUESTS)).toEqual(failed('a', INVALID_ANSWER_TEXT));
    // The key written with escapes is the same key once parsed.
    expect(checkedAnswer(JSON.parse('{"jsonrpc":"2.0","id":7,"result":{},"\\u0065rror":{"code":1,"message":"x"}}'), NO_REQUESTS)).toEqual(failed(7, INVALID_ANSWER_TEXT));
  });

  it('fails an answer without "jsonrpc": "2.0", or with another version, saying so', () => {
    expect(checkedAnswer({ id: 7, result: {} }, NO_REQUESTS)).toEqual(failed(7, NOT_JSONRPC_TEXT));
    expect(checkedAnswer({ jsonrpc: '1.0', id: 'a', error: { code: 1, message: 'x' } }, NO_REQUESTS)).toEqual(failed('a', NOT_JSONRPC_TEXT));
    expect(checkedAnswer({ jsonrpc: 2, id: 7, result: {} }, NO_REQUESTS)).toEqual(failed(7, NOT_JSONRPC_TEXT));
    // What names no request stays as it came.
    expect(checkedAnswer({ id: 1.5, result: {} }, NO_REQUESTS)).toBeUndefined();
    expect(checkedAnswer({ id: 7 }, NO_REQUESTS)).toBeUndefined();
  });
});

describe('checkedAnswer: an id of another type than the request\'s', () => {
  it('fails the request of the exchange a string id spells as the SDK would read it, and no other', () => {
    const ids = requestIdsOf(call(7));
    expect(checkedAnswer({ jsonrpc: '2.0', id: '7', result: {} }, ids)).toEqual(failed(7, STRING_ID_TEXT));
    expect(checkedAnswer({ jsonrpc: '2.0', id: '07', error: { code: 1, message: 'x' } }, ids)).toEqual(failed(7, STRING_ID_TEXT));
    expect(checkedAnswer({ jsonrpc: '2.0', id: 7, result: {} }, ids)).toBeUndefined();
    expect(checkedAnswer({ jsonrpc: '2.0', id: '8', result: {} }, ids)).toBeUndefined();
    expect(checkedAnswer({ jsonrpc: '2.0', id: '7', result: {} }, NO_REQUESTS)).toBeUndefined();
  });

  it('fails a request sent with a string id answered with a number, in a batch; its own string id passes', () => {
    const ids = requestIdsOf(`[${call('7')},${call(8)},{"jsonrpc":"2.0","method":"notifications/x"}]`);
    expect(checkedAnswer({ jsonrpc: '2.0', id: 7, result: {} }, ids)).toEqual(failed('7', NUMBER_ID_TEXT));
    expect(checkedAnswer({ jsonrpc: '2.0', id: '7', result: {} }, ids)).toBeUndefined();
    expect(checkedAnswer({ jsonrpc: '2.0', id: '8', result: {} }, ids)).toEqual(failed(8, STRING_ID_TEXT));
    expect(checkedBody([{ jsonrpc: '2.0', id: 7, result: {} }, { jsonrpc: '2.0', id: 8, result: {} }], ids)).toEqual([failed('7', NUMBER_ID_TEXT), { jsonrpc: '2.0', id: 8, result: {} }]);
  });

  it('reads a request body only for an id that may be of another type, and a body that is not JSON as no requests', () => {
    // Not JSON: a number answer is not looked up (the body holds no string id), a string finds no request.
    const broken = requestIdsOf('{"id":7,');
    expect(broken(7)).toBeUndefined();
    expect(broken('7')).toBeUndefined();
    expect(requestIdsOf(undefined)('7')).toBeUndefined();
    expect(requestIdsOf(new Uint8Array([1]))('7')).toBeUndefined();
    // A string "id" inside the arguments is no request's id.
    expect(requestIdsOf(call(3))(3)).toBeUndefined();
  });
});
