import { describe, expect, it } from 'vitest';
import { StdioServerSchema } from '../../../shared/config';
import { invalidServer } from './invalid-server';

function refused(input: unknown): string {
  const parsed = StdioServerSchema.safeParse(input);
  if (parsed.success) throw new Error('the schema took it');
  return invalidServer(parsed.error.issues, 'add').message;
}

describe('invalidServer: a refused entry in the words of the options typed', () => {
  it('names the option of an empty or too long value', () => {
    expect(refused({ command: 'node', cwd: '' })).toBe('--cwd was given an empty value: give one, or leave --cwd out');
    expect(refused({ command: 'node', description: 'd'.repeat(501) })).toBe('--description takes at most 500 characters');
  });

  it("keeps the schema's own words for what it explains itself", () => {
    expect(refused({ command: '' })).toMatch(/^Invalid server: command: /);
  });
});
