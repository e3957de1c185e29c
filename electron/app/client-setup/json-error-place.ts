import { printParseErrorCode, type ParseError } from 'jsonc-parser';

/** The parser's codes in words a person fixing the file by hand reads (its values are never quoted: they may be tokens). */
const WORDS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidSymbol: 'a character JSON does not allow here',
  InvalidNumberFormat: 'a number that is not written as JSON writes one',
  PropertyNameExpected: 'a quoted name was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma is missing',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'more text after the end of the JSON',
  UnexpectedEndOfComment: 'a comment that is never closed',
  UnexpectedEndOfString: 'a string that is never closed',
  UnexpectedEndOfNumber: 'a number cut short',
  InvalidUnicode: 'a \\u escape that is not four hex digits',
  InvalidEscapeCharacter: 'a backslash escape JSON does not know',
  InvalidCharacter: 'a control character inside a string (write it escaped)',
};

/**
 * Where a client file is not valid JSON and what is wrong there, as line and column (1-based): a
 * comment in a file its client reads as plain JSON, and a comma before a closing bracket, are named
 * as such (the parser reports both as something else expected).
 */
export function jsonErrorPlace(text: string, error: ParseError, jsonc: boolean): string {
  const before = text.slice(0, error.offset);
  const line = before.split('\n').length;
  const column = error.offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}: ${whatIsWrong(text, error, jsonc)}`;
}

function whatIsWrong(text: string, error: ParseError, jsonc: boolean): string {
  const code = printParseErrorCode(error.error);
  if (code === 'InvalidCommentToken') return 'a comment, which this client does not read in this file (plain JSON)';
  const closing = text[error.offset] === '}' || text[error.offset] === ']';
  if (!jsonc && closing && (code === 'PropertyNameExpected' || code === 'ValueExpected') && text.slice(0, error.offset).trimEnd().endsWith(',')) {
    return 'a comma before a closing bracket, which plain JSON does not allow';
  }
  return WORDS[code] ?? 'not valid JSON here';
}
