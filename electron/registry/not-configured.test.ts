import { describe, expect, it } from 'vitest';
import { isStdio, type McpConfig } from '../../shared/config';
import { requireServer, serverNotConfigured } from './not-configured';

const CONFIG: McpConfig = { mcpServers: { notes: { command: 'node', args: ['notes.js'] }, web: { type: 'http', url: 'https://example.com/mcp' } } };

describe('requireServer and isStdio: the checks every part repeated', () => {
  it('gives the entry, or one not_found that says what to do', () => {
    expect(requireServer(CONFIG, 'notes')).toEqual({ command: 'node', args: ['notes.js'] });
    expect(() => requireServer(CONFIG, 'nosuch')).toThrow(expect.objectContaining({ code: 'not_found', message: 'No server named "nosuch" is configured', hint: 'See `connected-services servers list`' }));
    // A name that is a property of every object is not an entry.
    expect(() => requireServer(CONFIG, 'toString')).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(serverNotConfigured('x', { hint: 'add it', data: { server: 'x' } })).toMatchObject({ hint: 'add it', data: { server: 'x' } });
  });

  it('tells a program from an address', () => {
    expect(isStdio(requireServer(CONFIG, 'notes'))).toBe(true);
    expect(isStdio(requireServer(CONFIG, 'web'))).toBe(false);
  });
});
