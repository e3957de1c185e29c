import { describe, expect, it } from 'vitest';
import { MAX_FORM_FIELDS, formFields } from './form-size';

describe('formFields', () => {
  it('counts the fields of every properties map at any depth, in lists too', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'number' } } } },
      anyOf: [{ properties: { d: {}, e: {} } }],
    };
    expect(formFields(schema)).toBe(5);
    expect(formFields({ type: 'object' })).toBe(0);
  });

  it('stops counting past the bound: 5,000 fields are "more than the bound"', () => {
    const properties = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(formFields({ type: 'object', properties })).toBe(MAX_FORM_FIELDS + 1);
    expect(formFields({ type: 'object', properties }, 10_000)).toBe(5_000);
  });

  it('reads a property named "properties" as a field, and its schema too', () => {
    expect(formFields({ properties: { properties: { type: 'object', properties: { x: {} } } } })).toBe(2);
  });
});
