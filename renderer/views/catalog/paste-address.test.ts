import { describe, expect, it } from 'vitest';
import { readPaste } from './paste-plan';

// A new user pasted a service's address from its README and got a program named
// "https://notes.example.com/mcp" to approve and run.
describe("paste to add: a service's address", () => {
  it('is an HTTP service, named after its host, never a program', () => {
    expect(readPaste('  https://mcp.linear.app/mcp \n', '')).toEqual([{ name: 'linear', config: { type: 'http', url: 'https://mcp.linear.app/mcp' }, warnings: [] }]);
    expect(readPaste('http://127.0.0.1:3000/mcp', 'local')[0]).toMatchObject({ name: 'local', config: { type: 'http', url: 'http://127.0.0.1:3000/mcp' } });
  });

  it('an address cut short is refused as one, not run', () => {
    expect(() => readPaste('https://', '')).toThrow(/"url"/);
  });

  it('a command line that names an address stays a command line', () => {
    expect(readPaste('npx -y mcp-remote https://mcp.linear.app/sse', '')[0]?.config).toMatchObject({ command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.linear.app/sse'] });
  });
});

// A pasted address with a space became a program `https://…/my` with the argument `mcp`; a host and
// path without https:// became a program named after the host.
describe('paste to add: an address that is not what it looks like', () => {
  it('an address with a space is refused with the %20 form, never run', () => {
    expect(() => readPaste('https://a.example.com/my mcp', '')).toThrow('this address has a space or line break in it, and an address has none: did you mean https://a.example.com/my%20mcp?');
    expect(() => readPaste('http://127.0.0.1:3000/mcp --verbose', '')).toThrow(/an address has none/);
  });

  it('a host and path without a scheme is refused with the address to paste', () => {
    expect(() => readPaste('notes.example.com/mcp', '')).toThrow('"notes.example.com/mcp" looks like an address without its scheme: did you mean https://notes.example.com/mcp?');
    expect(() => readPaste(' localhost:3000/mcp ', '')).toThrow(/did you mean http:\/\/localhost:3000\/mcp\?/);
    expect(() => readPaste('mcp.example.com:8443', '')).toThrow(/did you mean https:\/\/mcp\.example\.com:8443\?/);
  });

  it('command lines and paths stay programs', () => {
    expect(readPaste('npx -y @scope/pkg', '')[0]?.config).toMatchObject({ command: 'npx', args: ['-y', '@scope/pkg'] });
    expect(readPaste('node ./server.js', '')[0]?.config).toMatchObject({ command: 'node', args: ['./server.js'] });
    expect(readPaste('uvx mcp-server-x', '')[0]?.config).toMatchObject({ command: 'uvx', args: ['mcp-server-x'] });
    for (const program of ['./bin/server', 'build/index.js', 'server.py', '/opt/notes.example/run']) {
      expect(readPaste(program, '')[0]?.config, program).toMatchObject({ command: program });
    }
  });
});
