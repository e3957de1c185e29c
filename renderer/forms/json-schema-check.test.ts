import { describe, expect, it } from 'vitest';
import { checkSchema } from './json-schema-check';

const keywords = (schema: unknown, data: unknown) => checkSchema(schema, data).map((e) => `${e.instancePath} ${e.keyword}`);

describe('checkSchema', () => {
  it('checks types, with integers counting as numbers', () => {
    expect(keywords({ type: 'string' }, 1)).toEqual([' type']);
    expect(keywords({ type: 'number' }, 3)).toEqual([]);
    expect(keywords({ type: 'integer' }, 3.5)).toEqual([' type']);
    expect(keywords({ type: ['string', 'null'] }, null)).toEqual([]);
  });

  it('reports the errors of the oneOf branch a const property picks, under their fields, not "exactly one schema"', () => {
    const schema = {
      type: 'object',
      oneOf: [
        { properties: { transport: { const: 'stdio' }, command: { type: 'string', minLength: 1 } }, required: ['command'] },
        { properties: { transport: { const: 'http' }, url: { type: 'string', pattern: '^https?://' } }, required: ['url'] },
      ],
    };
    expect(keywords(schema, { transport: 'stdio', command: '' })).toEqual(['/command minLength']);
    expect(keywords(schema, { transport: 'http', url: 'ftp://x' })).toEqual(['/url pattern']);
    expect(keywords(schema, { transport: 'http', url: 'https://x' })).toEqual([]);
    // Nothing picks a branch: the combinator's own error, as before.
    expect(keywords(schema, { transport: 'pigeon' })).toEqual([' oneOf']);
  });

  it('reports required properties and nested paths like Ajv', () => {
    const schema = { type: 'object', required: ['message'], properties: { n: { type: 'object', properties: { x: { minimum: 2 } } } } };
    const errors = checkSchema(schema, { n: { x: 1 } });
    expect(errors.map((e) => [e.instancePath, e.keyword, e.message])).toEqual([
      ['', 'required', 'Required.'],
      ['/n/x', 'minimum', 'must be >= 2'],
    ]);
  });

  it('checks strings, numbers, arrays and enums', () => {
    expect(keywords({ minLength: 2, maxLength: 3, pattern: '^a' }, 'bbbb')).toEqual([' maxLength', ' pattern']);
    expect(keywords({ exclusiveMinimum: 0, multipleOf: 0.5 }, 0)).toEqual([' exclusiveMinimum']);
    expect(keywords({ multipleOf: 0.1 }, 0.3)).toEqual([]);
    expect(keywords({ items: { type: 'string' }, minItems: 3, uniqueItems: true }, ['a', 'a'])).toEqual([' minItems', ' uniqueItems']);
    expect(keywords({ enum: ['a', 'b'] }, 'c')).toEqual([' enum']);
    expect(keywords({ const: { a: [1] } }, { a: [1] })).toEqual([]);
  });

  it('handles additionalProperties, combinators, conditionals and dependencies', () => {
    expect(keywords({ properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2 })).toEqual([' additionalProperties']);
    expect(keywords({ oneOf: [{ type: 'string' }, { type: 'number' }] }, true)).toEqual([' oneOf']);
    expect(keywords({ anyOf: [{ type: 'string' }, { minimum: 5 }] }, 6)).toEqual([]);
    expect(keywords({ not: { type: 'string' } }, 'x')).toEqual([' not']);
    expect(keywords({ if: { properties: { kind: { const: 'http' } } }, then: { required: ['url'] } }, { kind: 'http' })).toEqual([' required']);
    expect(keywords({ dependencies: { a: ['b'] } }, { a: 1 })).toEqual([' dependencies']);
  });

  it('resolves local $refs, including rjsf-prefixed ones, and survives a reference cycle', () => {
    const root = { definitions: { name: { type: 'string' } }, properties: { n: { $ref: '#/definitions/name' } } };
    expect(keywords(root, { n: 1 })).toEqual(['/n type']);
    expect(checkSchema({ $ref: '__rjsf_rootSchema#/definitions/name' }, 2, root)).toHaveLength(1);
    expect(() => checkSchema({ $ref: '#' }, 1)).not.toThrow();
  });

  it('uses a schema’s errorMessage for its own value, not for its children', () => {
    const schema = { type: 'object', required: ['a'], errorMessage: 'Give an object.', properties: { b: { pattern: '^x', errorMessage: 'Start with x.' } } };
    expect(checkSchema(schema, { b: 'y' }).map((e) => e.message)).toEqual(['Required.', 'Start with x.']);
    expect(checkSchema(schema, 3).map((e) => e.message)).toEqual(['Give an object.']);
  });

  it('leaves to the server patterns that could freeze the page, and very long values', () => {
    // `^(a+)+$` backtracks exponentially: checking 'aaaa…!' here would block the UI for minutes.
    expect(keywords({ pattern: '^(a+)+$' }, `${'a'.repeat(40)}!`)).toEqual([]);
    expect(keywords({ pattern: '^(\\w)\\1$' }, 'ab')).toEqual([]);
    expect(keywords({ pattern: '^a' }, `b${'x'.repeat(300)}`)).toEqual([]);
    expect(keywords({ pattern: '^[a-z]{2,4}(-[a-z]+)?$' }, 'Abc')).toEqual([' pattern']);
  });

  it('ignores unknown keywords and invalid patterns instead of throwing', () => {
    expect(keywords({ format: 'email', 'x-custom': 1 }, 'not an email')).toEqual([]);
    expect(keywords({ pattern: '(' }, 'x')).toEqual([]);
  });
});
