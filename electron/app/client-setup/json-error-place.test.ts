import { parse, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { jsonErrorPlace } from './json-error-place';

function placeOf(text: string, jsonc: boolean): string {
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: jsonc, disallowComments: !jsonc });
  const first = errors[0];
  if (first === undefined) throw new Error('valid');
  return jsonErrorPlace(text, first, jsonc);
}

describe('jsonErrorPlace', () => {
  it('names a comment in a plain-JSON client file by its line and column', () => {
    expect(placeOf('{\n  // mine\n  "mcpServers": {}\n}\n', false)).toBe('line 2, column 3: a comment, which this client does not read in this file (plain JSON)');
  });

  it('names a trailing comma, which the parser reports as a name expected', () => {
    expect(placeOf('{\n  "a": 1,\n}', false)).toBe('line 3, column 1: a comma before a closing bracket, which plain JSON does not allow');
    expect(placeOf('{"a": [1, 2,]}', false)).toBe('line 1, column 13: a comma before a closing bracket, which plain JSON does not allow');
  });

  it('says what is missing in words, never quoting the text', () => {
    expect(placeOf('{"token": "ghp_secret" "b": 1}', true)).toBe('line 1, column 24: a comma is missing');
    expect(placeOf('{"a": 1', true)).toBe('line 1, column 8: a closing } is missing');
    expect(placeOf('{"token": "ghp_secret" "b": 1}', true)).not.toContain('ghp_');
  });
});
