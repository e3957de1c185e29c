import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServerConfig } from './servers';

describe('servers add: the entry built from the command line', () => {
  it('a relative --cwd is the folder where it was typed, not wherever the app runs', () => {
    expect(buildServerConfig(['node', 'server.js'], { cwd: 'notes' })).toEqual({ command: 'node', args: ['server.js'], cwd: resolve(process.cwd(), 'notes') });
    expect(buildServerConfig(['node'], { cwd: '/srv/notes/' })).toEqual({ command: 'node', cwd: '/srv/notes/' }); // absolute: kept as typed
  });

  it('keeps --description on either kind of entry, and refuses one past the schema\'s 500 characters', () => {
    expect(buildServerConfig(['node', 'notes.js'], { description: 'My notes' })).toEqual({ command: 'node', args: ['notes.js'], description: 'My notes' });
    expect(buildServerConfig([], { url: 'https://mcp.example.com/mcp', description: 'Work tracker' })).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp', description: 'Work tracker' });
    expect(() => buildServerConfig(['node'], { description: 'x'.repeat(501) })).toThrow('--description takes at most 500 characters');
  });

  it('an empty --description gives the entry none, not ""', () => {
    expect(buildServerConfig(['node'], { description: '' })).toEqual({ command: 'node' });
    expect(buildServerConfig([], { url: 'https://mcp.example.com/mcp', description: ' ' })).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp' });
  });

  it('refuses a header fetch would refuse at connect, saying which (not a protocol error later)', () => {
    const url = 'https://a.example/mcp';
    expect(() => buildServerConfig([], { url, header: ['Bad Name: v'] })).toThrow(/headers\["Bad Name"\]: a header name is letters/);
    expect(() => buildServerConfig([], { url, header: ['X-A: v\r\nInjected: 1'] })).toThrow(/a header value may not hold a line break/);
    expect(buildServerConfig([], { url, header: ['Authorization: Bearer ${secret:TOKEN}'] })).toEqual({ type: 'http', url, headers: { Authorization: 'Bearer ${secret:TOKEN}' } });
  });

  // Each was dropped without a word: "Added" a server without the header, env or folder given.
  it('refuses an option the kind of entry does not take, and a blank command', () => {
    const url = 'https://a.example/mcp';
    expect(() => buildServerConfig(['echo', 'hi'], { header: ['X-A: b'] })).toThrow('--header applies to a URL server (--url), not to a command');
    expect(() => buildServerConfig([], { url, env: ['A=b'] })).toThrow('--env and --cwd apply to a command run on this computer, not to a URL server');
    expect(() => buildServerConfig([], { url, cwd: '/tmp' })).toThrow('--env and --cwd apply');
    expect(() => buildServerConfig(['echo'], { input: ['a=b'] })).toThrow('--input goes with --from-registry');
    expect(() => buildServerConfig([], { url, package: '2', remote: '1' })).toThrow('--package, --remote go with --from-registry');
    expect(() => buildServerConfig(['  '], {})).toThrow('The command after -- is blank');
    expect(() => buildServerConfig(['echo'], { url })).toThrow(expect.objectContaining({ hint: expect.stringContaining('--url alone') as unknown }) as Error);
  });

  it('refuses an out-of-range --timeout once, saying the range (1e99 broke two schema limits at once)', () => {
    // 1e3 and 0x200 are numbers to Number(), and in range, but not what anyone types for a time.
    for (const bad of ['1e99', '50', 'soon', '1.5', '', '1e3', '0x200', '+500']) {
      let message = '';
      try {
        buildServerConfig(['echo'], { timeout: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, bad).toBe(`--timeout takes a whole number of milliseconds from 100 to 3600000 (an hour), not "${bad}"`);
    }
    expect(buildServerConfig(['echo'], { timeout: '120000' })).toEqual({ command: 'echo', timeoutMs: 120000 });
  });
});

describe('servers add --url with a space in it', () => {
  it('is refused with the %20 form, not added as written', () => {
    expect(() => buildServerConfig([], { url: 'https://a.example.com/my mcp' })).toThrow('url: has a space or line break in it, and an address has none: did you mean https://a.example.com/my%20mcp?');
    expect(() => buildServerConfig([], { url: 'https://a.example.com/my\nmcp' })).toThrow(/did you mean https:\/\/a\.example\.com\/my%0Amcp\?/);
  });
});
