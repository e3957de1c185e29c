import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { realData, safeData, safeSchema } from './safe-keys';

const parsed = <T>(json: string): T => JSON.parse(json) as T;

describe('field names rjsf cannot use', () => {
  it('are given other names in the schema, labelled by their real names, and the answer gets them back as own keys', () => {
    const schema = parsed<RJSFSchema>(
      '{"type":"object","required":["__proto__","plain"],"properties":{"__proto__":{"type":"string"},"constructor":{"type":"string","title":"Builder"},"prototype":{"type":"number"},"fieldconstructor":{"type":"string"},"plain":{"type":"string"}}}',
    );
    const { schema: safe, renames } = safeSchema(schema);
    const properties = safe.properties as Record<string, { title?: string }>;
    expect(Object.keys(properties)).toEqual(['field__proto__', 'fieldconstructor2', 'fieldprototype', 'fieldconstructor', 'plain']);
    expect(properties['field__proto__']?.title).toBe('__proto__');
    expect(properties['fieldconstructor2']?.title).toBe('Builder');
    expect(properties['fieldprototype']?.title).toBe('prototype');
    // A field that already had an ordinary name keeps it, untitled.
    expect(properties['fieldconstructor']?.title).toBeUndefined();
    expect(safe.required).toEqual(['field__proto__', 'plain']);

    const start = parsed<Record<string, unknown>>('{"__proto__":"p","plain":"x"}');
    expect(safeData(start, renames)).toEqual({ field__proto__: 'p', plain: 'x' });
    const answer = realData({ field__proto__: 'a', fieldconstructor2: 'b', fieldprototype: 3, fieldconstructor: 'c', plain: 'd' }, renames);
    expect(Object.keys(answer)).toEqual(['__proto__', 'constructor', 'prototype', 'fieldconstructor', 'plain']);
    expect(Object.getOwnPropertyDescriptor(answer, '__proto__')?.value).toBe('a');
    expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
    expect(answer['constructor']).toBe('b');
  });

  it('are renamed in nested objects and in an array’s items too', () => {
    const schema = parsed<RJSFSchema>(
      '{"type":"object","properties":{"auth":{"type":"object","properties":{"__proto__":{"type":"string"}}},"list":{"type":"array","items":{"type":"object","properties":{"constructor":{"type":"string"}}}}}}',
    );
    const { schema: safe, renames } = safeSchema(schema);
    expect(JSON.stringify(safe)).not.toMatch(/"(__proto__|constructor)":/);
    const answer = realData({ auth: { field__proto__: 'k' }, list: [{ fieldconstructor: 'c' }] }, renames);
    expect(JSON.stringify(answer)).toBe('{"auth":{"__proto__":"k"},"list":[{"constructor":"c"}]}');
  });

  it('leave an ordinary schema and its data as they are', () => {
    const schema: RJSFSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } };
    const { schema: safe, renames } = safeSchema(schema);
    expect(safe).toBe(schema);
    expect(renames).toBeUndefined();
    const data = { name: 'n', tags: ['a'] };
    expect(safeData(data, renames)).toBe(data);
    expect(realData(data, renames)).toBe(data);
  });
});
