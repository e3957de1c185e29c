import { describe, expect, it } from 'vitest';
import { CONFIG_TARGETS, NAME_CLIENTS } from '../../../shared/api';
import { clientSuggestion, meantClients } from './client-suggestions';

describe('the clients a word that names none likely meant', () => {
  it('a typo of a name, a name begun, or a typo of its first word', () => {
    expect(meantClients('curser', CONFIG_TARGETS)).toEqual(['cursor']);
    expect(meantClients('VS-Code', CONFIG_TARGETS)).toEqual(['vscode']);
    expect(meantClients('claude', CONFIG_TARGETS)).toEqual(['claude-code', 'claude-desktop']);
    expect(meantClients('gemini', CONFIG_TARGETS)).toEqual(['gemini-cli']);
    expect(meantClients('gemni', CONFIG_TARGETS)).toEqual(['gemini-cli']);
    expect(meantClients('clade', CONFIG_TARGETS)).toEqual(['claude-code', 'claude-desktop']);
  });

  it('none for a client named exactly (in any case), a word like no client, or two letters', () => {
    expect(meantClients('Cursor', CONFIG_TARGETS)).toEqual([]);
    expect(meantClients('emacs', CONFIG_TARGETS)).toEqual([]);
    expect(meantClients('cl', CONFIG_TARGETS)).toEqual([]);
    // Only among the choices given: agents set --for takes no Gemini CLI (its prefix is not known).
    expect(meantClients('gemni', NAME_CLIENTS)).toEqual([]);
  });

  it('is said as the option to give', () => {
    expect(clientSuggestion('--for', 'gemni', CONFIG_TARGETS)).toBe('Did you mean --for gemini-cli?');
    expect(clientSuggestion('--client', 'claude', CONFIG_TARGETS)).toBe('Did you mean --client claude-code or --client claude-desktop?');
    expect(clientSuggestion('--for', 'emacs', CONFIG_TARGETS)).toBeUndefined();
  });
});
