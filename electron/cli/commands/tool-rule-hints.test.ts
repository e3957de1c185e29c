import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { parseToolRule } from './agent-option-parsers';

function hintOf(text: string): string | undefined {
  try {
    parseToolRule(text);
  } catch (error) {
    if (error instanceof CodedError) return error.hint;
    throw error;
  }
  throw new Error(`"${text}" was taken`);
}

// `--tool everything/echo=alow` was refused with no hint, where `--policy read=alow` got "did you mean".
describe('a mistyped --tool rule', () => {
  it('a decision one letter off: the rule it likely meant', () => {
    expect(hintOf('everything/echo=alow')).toBe('Did you mean everything/echo=allow?');
    expect(hintOf('everything/echo=defualt')).toBe('Did you mean everything/echo=default?');
  });

  it('the server left out: says to name it first', () => {
    expect(hintOf('echo=allow')).toBe('Name its server before the tool, e.g. everything/echo=allow: `connected-services tools` lists which server has it');
  });

  it('a decision close to none: the decisions there are', () => {
    expect(hintOf('everything/echo=maybe')).toBe('Decisions are allow, ask and deny; default removes the rule');
  });
});
