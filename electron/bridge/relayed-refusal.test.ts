import { describe, expect, it } from 'vitest';
import { refusalOf } from './relayed-refusal';

describe("refusalOf: the bridge's own refusal in an HTTP error's body", () => {
  const body = (value: unknown) => ({ status: 400, text: JSON.stringify(value) });

  it('takes a JSON-RPC error for this request, or for no id the bridge could read', () => {
    const error = { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' };
    expect(refusalOf(body({ jsonrpc: '2.0', id: 7, error }), 7)).toEqual(error);
    expect(refusalOf(body({ jsonrpc: '2.0', id: null, error }), 7)).toEqual(error);
    expect(refusalOf(body({ jsonrpc: '2.0', error: { ...error, data: { hint: 'x' } } }), 'a')).toEqual({ ...error, data: { hint: 'x' } });
  });

  it("leaves another request's error, a body that is no JSON-RPC error, and anything too long", () => {
    const error = { code: -32600, message: 'no' };
    expect(refusalOf(body({ jsonrpc: '2.0', id: 8, error }), 7)).toBeUndefined();
    expect(refusalOf({ status: 502, text: '<html>Bad gateway</html>' }, 7)).toBeUndefined();
    expect(refusalOf(body({ jsonrpc: '2.0', id: 7, result: {} }), 7)).toBeUndefined();
    expect(refusalOf({ text: JSON.stringify({ jsonrpc: '2.0', id: 7, error: { code: 1, message: 'x'.repeat(70_000) } }) }, 7)).toBeUndefined();
    expect(refusalOf(undefined, 7)).toBeUndefined();
  });
});
