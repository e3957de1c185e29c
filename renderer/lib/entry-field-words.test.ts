import { describe, expect, it } from 'vitest';
import { fieldPath } from '../../shared/config';
import { entryFieldName } from './entry-field-words';

describe('entryFieldName', () => {
  it('keeps the visible mark of a hidden character in a variable name', () => {
    expect(entryFieldName(fieldPath(['env', 'API\u200bTOKEN']))).toEqual({ words: 'Environment variable', name: 'API\\u200bTOKEN' });
  });

  it('undoes the quote and backslash escapes of a name', () => {
    expect(entryFieldName(fieldPath(['headers', 'a"b\\c']))).toEqual({ words: 'Header', name: 'a"b\\c' });
  });

  it('names arguments and whole fields by their labels', () => {
    expect(entryFieldName('args.1')).toEqual({ words: 'Argument 2' });
    expect(entryFieldName('args[0]')).toEqual({ words: 'Argument 1' });
    expect(entryFieldName('cwd')).toEqual({ words: 'Folder' });
    expect(entryFieldName('auth.scopes')).toBeUndefined();
  });
});
