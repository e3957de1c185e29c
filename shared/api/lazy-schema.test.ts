import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as api from './index';
import { lazySchema } from './lazy-schema';

const eager = (): z.ZodObject<{ name: z.ZodString; count: z.ZodOptional<z.ZodNumber> }> => z.object({ name: z.string(), count: z.number().int().optional() });

describe('lazySchema', () => {
  it('builds the schema on its first use only, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return eager();
    });
    expect(builds).toBe(0);
    expect(schema.parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(schema.safeParse({ name: 'b', count: 2 }).success).toBe(true);
    expect(builds).toBe(1);
  });

  it('parses and fails as the schema itself, also inside other schemas', () => {
    const schema = lazySchema(eager);
    const list = z.object({ items: z.array(schema), first: schema.optional() });
    const input = { items: [{ name: 'a', count: 1.5 }, { name: 2 }], first: { name: 'x' } };
    const expected = z.object({ items: z.array(eager()), first: eager().optional() }).safeParse(input);
    const got = list.safeParse(input);
    expect(got.success).toBe(false);
    expect(got.error?.issues).toEqual(expected.error?.issues);
    expect(list.parse({ items: [{ name: 'a' }] })).toEqual({ items: [{ name: 'a' }] });
  });

  it('is an instance of its class, with its shape, methods (the same on every read) and JSON Schema', () => {
    const schema = lazySchema(eager);
    expect(schema).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(schema.shape)).toEqual(['name', 'count']);
    // Bound to the built schema, so it also works detached from the stand-in.
    const parse = Reflect.get(schema, 'parse') as (value: unknown) => unknown;
    expect(Reflect.get(schema, 'parse')).toBe(parse);
    expect(parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(schema.extend({ more: z.boolean() }).parse({ name: 'a', more: true })).toEqual({ name: 'a', more: true });
    expect(z.toJSONSchema(schema)).toEqual(z.toJSONSchema(eager()));
  });
});

describe('the App API view schemas', () => {
  it('are built on first use (a serve start uses few of them)', () => {
    const views = Object.entries(api).filter(([name, value]) => name.endsWith('Schema') && name !== 'StatusSchema' && typeof value !== 'function');
    expect(views.length).toBeGreaterThan(40);
    expect(views.filter(([, schema]) => !types.isProxy(schema)).map(([name]) => name)).toEqual([]);
  });
});
