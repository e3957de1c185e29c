import { describe, expect, it } from 'vitest';
import { answerProblem } from './ask-views';

describe('answerProblem', () => {
  const schema = { type: 'object', properties: { constructor: { type: 'string' }, note: { type: 'string' } }, required: ['constructor'] };

  it('says a required field named like what every object has (constructor) is missing', () => {
    expect(answerProblem(schema, { note: 'x' })).toBe('"constructor" is required');
    expect(answerProblem(schema, JSON.parse('{"constructor":"yes"}') as Record<string, string>)).toBeUndefined();
  });

  it('says an unknown field and a wrong type', () => {
    expect(answerProblem(schema, { constructor: 'a', other: 'b' })).toBe('"other" is not a field of this form');
    expect(answerProblem(schema, { constructor: 5 })).toBe('"constructor" must be of type string');
  });
});
