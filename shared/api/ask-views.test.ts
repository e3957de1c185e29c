import { describe, expect, it } from 'vitest';
import { parseApiInput } from './parse-input';
import { answerProblem, formDefaults, type AskContent } from './ask-views';

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

describe('a form field named __proto__', () => {
  const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"kept"},"note":{"type":"string"}}}') as Record<string, unknown>;

  it('keeps its default as an own field, not the prototype', () => {
    const defaults = formDefaults(schema);
    expect(Object.keys(defaults)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(defaults, '__proto__')?.value).toBe('kept');
    expect(Object.getPrototypeOf(defaults)).toBe(Object.prototype);
  });

  it('reaches the core in an answer under its own name, beside an ordinary field', () => {
    const content = JSON.parse('{"__proto__":"mine","note":"n"}') as unknown;
    const input = parseApiInput('decide', { kind: 'ask', id: 'f1', answer: { action: 'accept', content } }) as { answer: { content: AskContent } };
    expect(Object.keys(input.answer.content)).toEqual(['__proto__', 'note']);
    expect(Object.getOwnPropertyDescriptor(input.answer.content, '__proto__')?.value).toBe('mine');
    expect(answerProblem(schema, input.answer.content)).toBeUndefined();
    const old = parseApiInput('answerAsk', { id: 'f1', action: 'accept', content }) as { content: AskContent };
    expect(Object.keys(old.content)).toEqual(['__proto__', 'note']);
  });
});
