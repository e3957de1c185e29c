import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { shownSchema } from './shown-schema';

describe('shownSchema', () => {
  it('shows hidden characters in titles, descriptions and untitled field names, at any depth, and nothing else', () => {
    const schema: RJSFSchema = {
      type: 'object',
      title: 'A\u202Eb',
      properties: {
        'n\u2066': { type: 'string', default: 'keep\u202Eme' },
        list: { type: 'array', items: { type: 'string', description: 'line 1\nline\u200F2' } },
        pick: { oneOf: [{ const: 'x\u202E', title: 'X\u202E' }] },
        data: { type: 'object', default: { title: 'data\u202E' } },
      },
      definitions: { d: { title: 'D\u061C' } },
    };
    expect(shownSchema(schema)).toEqual({
      type: 'object',
      title: 'A\\u202eb',
      properties: {
        'n\u2066': { type: 'string', default: 'keep\u202Eme', title: 'n\\u2066' },
        list: { type: 'array', items: { type: 'string', description: 'line 1\nline\\u200f2' } },
        pick: { oneOf: [{ const: 'x\u202E', title: 'X\\u202e' }] },
        data: { type: 'object', default: { title: 'data\u202E' } },
      },
      definitions: { d: { title: 'D\\u061c' } },
    });
  });
});
