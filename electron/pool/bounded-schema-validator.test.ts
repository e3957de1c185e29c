// @vitest-own-modules: it starts a thread, ended after each test.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedSchemaValidator } from './bounded-schema-validator';
import { CheckingThread } from './checking-thread';

const open: CheckingThread[] = [];
afterEach(() => {
  for (const thread of open.splice(0)) thread.close();
});

function bounded(budgetMs = 2_000): BoundedSchemaValidator {
  const thread = new CheckingThread({ budgetMs });
  open.push(thread);
  return new BoundedSchemaValidator(new AjvJsonSchemaValidator(), thread);
}

const SCHEMA = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } as const;
// Backtracking on 40 letters and a mismatch: longer than any test runs, on any machine.
const CATASTROPHIC = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } } as const;

describe('BoundedSchemaValidator', () => {
  it("gives the SDK validator's verdicts, checked in its own thread", () => {
    const check = bounded().getValidator<{ n: number }>(SCHEMA);
    expect(check({ n: 1 })).toEqual({ valid: true, data: { n: 1 }, errorMessage: undefined });
    const wrong = check({ n: 'one' });
    expect(wrong.valid).toBe(false);
    expect(wrong.errorMessage).toContain('must be number');
  });

  it('throws at once for a schema that cannot compile, as the SDK validator does', () => {
    expect(() => bounded().getValidator({ type: 'object', properties: { s: { type: 'string', pattern: '(' } } })).toThrow();
  });

  it('ends a check past its budget as not valid, refuses that schema at once after, and checks others in a new thread', () => {
    const validator = bounded(500);
    const slow = validator.getValidator(CATASTROPHIC);
    const verdict = slow({ s: `${'a'.repeat(40)}!` });
    expect(verdict).toEqual({ valid: false, data: undefined, errorMessage: expect.stringContaining('could not be checked') as unknown });
    // Not run again: even a value that would check at once is refused for this schema.
    expect(slow({ s: 'aaa' }).valid).toBe(false);
    const other = validator.getValidator(SCHEMA);
    expect(other({ n: 2 }).valid).toBe(true);
    expect(other({}).valid).toBe(false);
  });

  it('sends a schema again to the thread started after one was ended', () => {
    const validator = bounded(500);
    const first = validator.getValidator(SCHEMA);
    expect(first({ n: 1 }).valid).toBe(true);
    expect(validator.getValidator(CATASTROPHIC)({ s: `${'a'.repeat(40)}!` }).valid).toBe(false);
    // The new thread never compiled SCHEMA: it is sent with this check, not assumed there.
    expect(first({ n: 3 })).toEqual({ valid: true, data: { n: 3 }, errorMessage: undefined });
    expect(first({ n: 'x' }).errorMessage).toContain('must be number');
  });
});
