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
