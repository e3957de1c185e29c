/**
 * What a form says under a field that breaks its schema: a sentence telling the person what to
 * enter, not a validator's wording ("must NOT have fewer than 2 characters").
 */

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'nothing',
};

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A value from the schema, short enough for a line under a field. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export const CHECK_WORDS = {
  type: (types: readonly string[]) => `Enter ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}.`,
  enum: 'Choose one of the allowed values.',
  const: (value: unknown) => `Use the value ${shown(value)}.`,
  anyOf: 'Enter a value of one of the allowed kinds.',
  oneOf: (passing: number) => (passing === 0 ? 'Enter a value of one of the allowed kinds.' : 'This value fits more than one of the allowed kinds; make it fit one.'),
  not: 'This value is not allowed here.',
  falseSchema: 'Nothing is allowed here.',
  minLength: (n: number) => `Use at least ${plural(n, 'character')}.`,
  maxLength: (n: number) => `Use at most ${plural(n, 'character')}.`,
  pattern: (pattern: string) => `Use the expected form (the pattern ${shown(pattern)}).`,
  bound: (comparison: string, limit: number) =>
    ({ '>=': `Enter ${limit} or more.`, '>': `Enter more than ${limit}.`, '<=': `Enter ${limit} or less.`, '<': `Enter less than ${limit}.` })[comparison] ?? `Enter a number ${comparison} ${limit}.`,
  multipleOf: (step: number) => `Enter a multiple of ${step}.`,
  minItems: (n: number) => `Give at least ${plural(n, 'item')}.`,
  maxItems: (n: number) => `Give at most ${plural(n, 'item')}.`,
  uniqueItems: 'Remove the repeated items: each must differ.',
  additionalProperties: (name: string) => `Remove ${shown(name)}: it is not one of the fields.`,
  dependency: (needed: string, name: string) => `Fill in ${shown(needed)} too: it is needed with ${shown(name)}.`,
} as const;
