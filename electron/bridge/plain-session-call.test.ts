import * as types from '@modelcontextprotocol/core';
import { describe, expect, it } from 'vitest';
import { plainCallFirst, plainSessionCall } from './plain-session-call';

/** Session requests as an agent sends them: plain calls, and look-alikes one member, type or order away. */
const TEXTS = [
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"everything__echo","arguments":{"message":"m1"}}}',
  '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"arguments":{"b":1,"a":{"deep":[1]},"2":0,"1":0},"name":"x"}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{},"extra":1,"__proto__":{"y":1}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{"__proto__":{"y":1}}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":[]}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":null}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":"a"}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":5}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":null}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[]}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call"}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":1}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":{}}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","task":{"ttl":5}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","task":{"ttl":"5"}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"name":"x"}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"},"extra":{"a":1}}',
];

function outcome(parse: () => unknown): { ok: true; text: string; value: unknown; protos: boolean } | { ok: false } {
  try {
    const value = parse() as { params?: { arguments?: unknown } };
    const protos = [value, value.params, value.params?.arguments].every((part) => part === undefined || Object.getPrototypeOf(part) === Object.prototype);
    return { ok: true, text: JSON.stringify(value), value, protos };
  } catch {
    return { ok: false };
  }
}

const refusing = { parse: (): never => { throw new Error('checked by the schema'); } };

describe("a session's plain tools/call: made without zod as CallToolRequestSchema hands it on", () => {
  it.each(TEXTS)('%s: the same verdict, bytes and objects as the schema', (text) => {
    expect(outcome(() => plainCallFirst(types.CallToolRequestSchema).parse(JSON.parse(text)))).toStrictEqual(
      outcome(() => types.CallToolRequestSchema.parse(JSON.parse(text))),
    );
  });

  it('skips the schema only for plain calls', () => {
    const plain = TEXTS.filter((text) => outcome(() => plainCallFirst(refusing).parse(JSON.parse(text))).ok);
    // The first four texts and the last: extra members are stripped as the schema strips them.
    expect(plain).toStrictEqual([...TEXTS.slice(0, 4), TEXTS.at(-1)]);
  });

  it('leaves values of another prototype or with inherited members to the schema', () => {
    const inherited = Object.create({ name: 'x' }) as Record<string, unknown>;
    expect(plainSessionCall({ method: 'tools/call', params: inherited })).toBeUndefined();
    expect(plainSessionCall({ method: 'tools/call', params: { name: 'x', arguments: new Map() } })).toBeUndefined();
    expect(plainSessionCall(Object.assign(Object.create(null) as object, { method: 'tools/call', params: { name: 'x' } }))).toBeUndefined();
  });
});
