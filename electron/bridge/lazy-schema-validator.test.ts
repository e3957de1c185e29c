import { describe, expect, it } from 'vitest';
import type { jsonSchemaValidator } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { lazySchemaValidator } from './lazy-schema-validator';

describe('lazySchemaValidator', () => {
  it('makes the validator on the first schema only, then reuses it', () => {
    const made: jsonSchemaValidator[] = [];
    const lazy = lazySchemaValidator(() => {
      const real = new AjvJsonSchemaValidator();
      made.push(real);
      return real;
    });
    expect(made).toHaveLength(0);
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } as const;
    const check = lazy.getValidator<{ n: number }>(schema);
    expect(made).toHaveLength(1);
    expect(check({ n: 3 })).toMatchObject({ valid: true, data: { n: 3 } });
    expect(check({ n: 'three' }).valid).toBe(false);
    lazy.getValidator({ type: 'string' });
    expect(made).toHaveLength(1);
  });
});
