import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ownRecord } from './own-record';

const Rules = ownRecord(z.string(), ownRecord(z.string().min(1), z.enum(['allow', 'deny'])));

describe('ownRecord: a record keyed by names from outside', () => {
  it('keeps a __proto__ key as an own entry, checked like any other (z.record drops it unchecked)', () => {
    const parsed = Rules.parse(JSON.parse('{"constructor":{"__proto__":"deny","prototype":"allow"},"__proto__":{"toString":"allow"}}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['constructor', '__proto__']);
    expect(Object.hasOwn(parsed['constructor'] ?? {}, '__proto__')).toBe(true);
    expect(parsed['constructor']?.['__proto__']).toBe('deny');
    expect(JSON.stringify(parsed)).toBe('{"constructor":{"__proto__":"deny","prototype":"allow"},"__proto__":{"toString":"allow"}}');
    expect(z.record(z.string(), z.string()).parse(JSON.parse('{"__proto__":"x"}'))).toEqual({});
  });

  it('refuses a bad value under __proto__, and a bad key, naming where', () => {
    const bad = Rules.safeParse(JSON.parse('{"notes":{"__proto__":"sometimes"}}'));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['notes', '__proto__']);
    const emptyKey = Rules.safeParse({ notes: { '': 'deny' } });
    expect(emptyKey.error?.issues[0]?.path).toEqual(['notes', '']);
    expect(Rules.safeParse([]).success).toBe(false);
    expect(Rules.safeParse(null).success).toBe(false);
  });

  it("keeps a value's issues as they are, a union's branches too, under the key's path", () => {
    const Servers = ownRecord(z.string(), z.union([z.strictObject({ command: z.string() }), z.strictObject({ type: z.literal('http'), url: z.string() })]));
    const issue = Servers.safeParse({ h: { url: 'x' } }).error?.issues[0];
    expect(issue?.code).toBe('invalid_union');
    expect(issue?.path).toEqual(['h']);
    expect(issue && 'errors' in issue ? issue.errors.length : 0).toBe(2);
  });

  it('is described in JSON Schema as the record it checks (worked out when first read)', () => {
    const Env = ownRecord(z.string().max(100), z.string());
    const { $schema: _own, ...own } = z.toJSONSchema(z.object({ env: Env.optional() }), { io: 'input', unrepresentable: 'any' });
    const { $schema: _plain, ...plain } = z.toJSONSchema(z.object({ env: z.record(z.string().max(100), z.string()).optional() }), { io: 'input' });
    expect(own).toEqual(plain);
  });
});
