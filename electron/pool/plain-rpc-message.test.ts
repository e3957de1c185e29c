import * as types from '@modelcontextprotocol/core';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { plainRequest, plainResultResponse } from './plain-rpc-message';
import { parseRpcMessage, type RpcSchemas } from './rpc-message';

/** Texts as a server or an agent sends them: plain ones, and look-alikes one member, type or order away. */
const TEXTS = [
  '{"result":{"content":[{"type":"text","text":"Echo: m1"}]},"jsonrpc":"2.0","id":3469}',
  '{"jsonrpc":"2.0","id":"a","result":{}}',
  '{"jsonrpc":"2.0","id":0,"result":{"isError":true,"content":[],"extra":{"deep":[1,{"x":null}]}}}',
  '{"jsonrpc":"2.0","id":1,"result":{"2":"b","1":"a","z":1,"a":2}}',
  '{"jsonrpc":"2.0","id":1,"result":{"_meta":{"x":1},"content":[]}}',
  '{"jsonrpc":"2.0","id":1,"result":{"__proto__":{"polluted":true},"content":[]}}',
  '{"jsonrpc":"2.0","id":1,"result":[]}',
  '{"jsonrpc":"2.0","id":1,"result":null}',
  '{"jsonrpc":"2.0","id":1,"result":"text"}',
  '{"jsonrpc":"2.0","id":1.5,"result":{}}',
  '{"jsonrpc":"2.0","id":-0,"result":{}}',
  '{"jsonrpc":"2.0","id":9007199254740992,"result":{}}',
  '{"jsonrpc":"2.0","id":-9007199254740991,"result":{}}',
  '{"jsonrpc":"2.0","id":null,"result":{}}',
  '{"jsonrpc":"2.0","id":true,"result":{}}',
  '{"jsonrpc":"2.0","result":{}}',
  '{"jsonrpc":"1.0","id":1,"result":{}}',
  '{"jsonrpc":2,"id":1,"result":{}}',
  '{"jsonrpc":"2.0","id":1,"result":{},"extra":1}',
  '{"jsonrpc":"2.0","id":1,"result":{},"__proto__":{}}',
  '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}',
  '{"jsonrpc":"2.0","id":1,"result":{},"id":2}',
  '{"id":7,"method":"tools/call","jsonrpc":"2.0","params":{"name":"echo","arguments":{"message":"hi"}}}',
  '{"jsonrpc":"2.0","id":"x","method":"ping"}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"progressToken":1},"name":"echo"}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"progressToken":{}},"name":"echo"}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"__proto__":{"x":1},"name":"echo"}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[]}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":null}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":"x"}',
  '{"jsonrpc":"2.0","id":2,"method":5}',
  '{"jsonrpc":"2.0","id":2.5,"method":"ping"}',
  '{"jsonrpc":"2.0","id":-0,"method":"ping"}',
  '{"jsonrpc":"2.0","id":2,"method":"ping","extra":1}',
  '{"jsonrpc":"2.0","id":2,"method":"ping","result":{}}',
  '{"jsonrpc":"2.0","id":2,"method":"ping","params":{},"extra":1}',
  '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}',
  '{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"Method not found"}}',
];

type Outcome = { ok: true; text: string; protos: boolean; value: unknown } | { ok: false };
function outcome(parse: () => unknown): Outcome {
  try {
    const value = parse();
    // The output's bytes (members in order) and its objects' prototypes: the schema's are plain objects.
    const protos = [value, (value as { result?: unknown }).result, (value as { params?: unknown }).params].every(
      (part) => part === undefined || Object.getPrototypeOf(part) === Object.prototype,
    );
    return { ok: true, text: JSON.stringify(value), protos, value };
  } catch {
    return { ok: false };
  }
}

/** Schemas that refuse everything: a message they would have checked fails. */
const REFUSING: RpcSchemas<JSONRPCMessage> = {
  JSONRPCRequestSchema: { parse: () => { throw new Error('checked by the schema'); } },
  JSONRPCNotificationSchema: { parse: () => { throw new Error('checked by the schema'); } },
  JSONRPCResultResponseSchema: { parse: () => { throw new Error('checked by the schema'); } },
  JSONRPCErrorResponseSchema: { parse: () => { throw new Error('checked by the schema'); } },
};

describe('plain JSON-RPC messages: checked without zod, built as the SDK schema builds them', () => {
  it.each(TEXTS)('%s: the same verdict, bytes and objects as the SDK union', (text) => {
    expect(outcome(() => parseRpcMessage<JSONRPCMessage>(JSON.parse(text) as object, types))).toStrictEqual(
      outcome(() => types.JSONRPCMessageSchema.parse(JSON.parse(text))),
    );
  });

  it('takes the schema-free path for a plain call and a plain answer, and only for what the schema accepts', () => {
    let plain = 0;
    for (const text of TEXTS) {
      const mine = outcome(() => parseRpcMessage<JSONRPCMessage>(JSON.parse(text) as object, REFUSING));
      if (!mine.ok) continue;
      plain++;
      expect(mine).toStrictEqual(outcome(() => types.JSONRPCMessageSchema.parse(JSON.parse(text))));
    }
    // Six plain answers (a duplicated id parses to one) and three plain requests; every other text reached the schema.
    expect(plain).toBe(9);
  });

  it('copies the object it hands on, as the schema does, and keeps nested values', () => {
    const value = JSON.parse(TEXTS[0] ?? '') as { result: { content: unknown } };
    const parsed = plainResultResponse(value) as { result: { content: unknown } };
    expect(parsed.result).not.toBe(value.result);
    expect(parsed.result.content).toBe(value.result.content);
  });

  it('leaves values of another prototype or with inherited members to the schema', () => {
    const inherited = Object.create({ jsonrpc: '2.0' }) as Record<string, unknown>;
    Object.assign(inherited, { id: 1, result: {} });
    expect(plainResultResponse(inherited)).toBeUndefined();
    expect(plainResultResponse({ jsonrpc: '2.0', id: 1, result: new Map() as unknown })).toBeUndefined();
    expect(plainRequest({ jsonrpc: '2.0', id: 1, method: 'x', params: Object.create(null) as object })).toBeUndefined();
  });
});
