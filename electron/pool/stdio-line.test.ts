import { describe, expect, it } from 'vitest';
import { loadSdkSchemas } from './client-sdk';
import { NOT_JSONRPC_TEXT } from './invalid-answer';
import { readRpcLine } from './stdio-line';

const line = (text: string): [Buffer, number, number] => {
  const buffer = Buffer.from(text);
  return [buffer, 0, buffer.length];
};

describe('readRpcLine', () => {
  it('makes an answer without "jsonrpc": "2.0" an error answer for its id, and leaves other such lines stray', async () => {
    const schemas = await loadSdkSchemas();
    const failed = (id: string | number) => ({ jsonrpc: '2.0', id, error: { code: -32603, message: NOT_JSONRPC_TEXT } });
    expect(readRpcLine(...line('{"id":3,"result":{}}'), schemas)).toEqual(failed(3));
    expect(readRpcLine(...line('{"jsonrpc":"1.0","id":"a","error":{"code":1,"message":"x"}}'), schemas)).toEqual(failed('a'));
    for (const stray of ['{}', '{"id":3}', '{"id":3,"method":"ping"}', '{"method":"x","result":{}}', '{"id":null,"result":{}}'])
      expect(readRpcLine(...line(stray), schemas)).toBeUndefined();
    expect(readRpcLine(...line('{"jsonrpc":"2.0","id":3,"result":{}}'), schemas)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });
});
