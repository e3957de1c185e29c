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
      ['/n/x', 'minimum', 'Enter 2 or more.'],
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

  it('ignores unknown keywords, formats a question cannot ask for and invalid patterns instead of throwing', () => {
    expect(keywords({ format: 'hostname', 'x-custom': 1 }, 'not a host')).toEqual([]);
    expect(keywords({ pattern: '(' }, 'x')).toEqual([]);
  });
});

describe('what a form says under a field', () => {
  const messages = (schema: unknown, data: unknown) => checkSchema(schema, data).map((e) => e.message);

  it('is a sentence that says what to enter, singular and plural', () => {
    expect(messages({ minLength: 2 }, 'a')).toEqual(['Use at least 2 characters.']);
    expect(messages({ minLength: 1 }, '')).toEqual(['Use at least 1 character.']);
    expect(messages({ maxLength: 3 }, 'abcd')).toEqual(['Use at most 3 characters.']);
    expect(messages({ type: ['integer', 'null'] }, 'x')).toEqual(['Enter a whole number or nothing.']);
    expect(messages({ exclusiveMaximum: 5 }, 5)).toEqual(['Enter less than 5.']);
    expect(messages({ minItems: 1 }, [])).toEqual(['Give at least 1 item.']);
    expect(messages({ enum: ['a'] }, 'b')).toEqual(['Choose one of the allowed values.']);
    for (const message of messages({ properties: { a: {} }, additionalProperties: false, dependencies: { a: ['b'] }, not: { type: 'object', maxProperties: 0 } }, { a: 1, c: 2 })) {
      expect(message, message).toMatch(/^[A-Z].*\.$/);
      expect(message).not.toMatch(/\bmust\b/i);
    }
  });

  it('checks the formats a question may ask for: email, uri, date and date-time', () => {
    const wrong = (format: string, value: string) => messages({ type: 'string', format }, value);
    for (const value of ['name@example.com', 'a.b+c@mail.example.co.uk']) expect(wrong('email', value), value).toEqual([]);
    for (const value of ['not-an-email', 'a@b', 'a b@example.com', '@example.com', 'a@example.c']) expect(wrong('email', value), value).toEqual(['Enter an email address, like name@example.com.']);
    for (const value of ['https://example.com/page', 'mailto:a@example.com', 'urn:isbn:0451450523']) expect(wrong('uri', value), value).toEqual([]);
    for (const value of ['example.com', '/relative/path', 'https://exa mple.com']) expect(wrong('uri', value), value).toHaveLength(1);
    for (const value of ['2026-12-31', '2024-02-29']) expect(wrong('date', value), value).toEqual([]);
    for (const value of ['2026-13-01', '2025-02-29', '31/12/2026', '2026-12-31T00:00:00Z']) expect(wrong('date', value), value).toEqual(['Enter a date as YYYY-MM-DD, like 2026-12-31.']);
    for (const value of ['2026-12-31T09:30:00Z', '2026-12-31t09:30:00.5+01:00']) expect(wrong('date-time', value), value).toEqual([]);
    for (const value of ['2026-12-31', '2026-12-31T25:00:00Z', '2026-12-31T09:30:00']) expect(wrong('date-time', value), value).toHaveLength(1);
    // Other formats are annotations here: the server checks them.
    expect(wrong('hostname', '!!')).toEqual([]);
  });
});
