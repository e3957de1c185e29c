import { describe, expect, it } from 'vitest';
import { namesFitNote } from './names-fit-note';

describe('namesFitNote', () => {
  it('says so when the names are made for a shorter prefix than the client puts before them', () => {
    expect(namesFitNote('plain', undefined, 'claude-code')).toBe(
      'Its tool names are made for no client prefix, and claude-code puts 31 characters before each, so some may pass the 64 characters a model accepts: make them fit with connected-services agents set "plain" --for claude-code',
    );
    expect(namesFitNote('Cursor Bot', 'cursor', 'claude-code')).toMatch(/^Its tool names are made for cursor, and claude-code puts \d+ characters before each/);
    expect(namesFitNote('a', 10, 'vscode')).toMatch(/^Its tool names are made for a prefix of 10 characters, and vscode puts 25 characters/);
  });

  it('stays silent when they fit, and for a client whose prefix is not known', () => {
    expect(namesFitNote('plain', 'claude-code', 'claude-code')).toBeUndefined();
    expect(namesFitNote('plain', 'claude-code', 'claude-desktop')).toBeUndefined();
    expect(namesFitNote('plain', 'claude-code', 'vscode')).toBeUndefined();
    expect(namesFitNote('plain', 40, 'cursor')).toBeUndefined();
    expect(namesFitNote('plain', undefined, 'claude-desktop')).toBeUndefined();
    expect(namesFitNote('plain', undefined, 'windsurf')).toBeUndefined();
    expect(namesFitNote('plain', undefined, 'gemini-cli')).toBeUndefined();
  });
});
