import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { LiteValidator } from './lite-validator';

describe('LiteValidator (rjsf without eval)', () => {
  const validator = new LiteValidator<Record<string, unknown>>();
  const schema = { type: 'object' as const, required: ['name'], properties: { name: { type: 'string' as const, minLength: 2 }, n: { type: 'integer' as const } } };

  it('turns schema errors into rjsf errors and an error schema per field', () => {
    const { errors, errorSchema } = validator.validateFormData({ n: 1.5 }, schema);
    expect(errors.map((e) => [e.name, e.property])).toEqual([
      ['required', '.name'],
      ['type', '.n'],
    ]);
    expect(errorSchema).toMatchObject({ name: { __errors: ['Required.'] }, n: { __errors: ['Enter a whole number.'] } });
  });

  it('runs customValidate and merges its errors', () => {
    const { errors } = validator.validateFormData({ name: 'taken' }, schema, (data, errs) => {
      if (data?.['name'] === 'taken') errs['name']?.addError('already exists');
      return errs;
    });
    expect(errors.map((e) => e.stack)).toEqual(['.name already exists']);
  });

  it('answers isValid against the root schema (for oneOf and dependencies)', () => {
    const root: RJSFSchema = { definitions: { s: { type: 'string' } } };
    expect(validator.isValid({ $ref: '#/definitions/s' }, 'x' as unknown as Record<string, unknown>, root)).toBe(true);
    expect(validator.isValid({ $ref: '#/definitions/s' }, 3 as unknown as Record<string, unknown>, root)).toBe(false);
    expect(validator.rawValidation(schema, {}).errors).toHaveLength(1);
  });
});
