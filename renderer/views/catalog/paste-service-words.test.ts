import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { readPaste } from './paste-plan';

/** What readPaste threw, message and hint, as the paste dialog shows them. */
function refusal(text: string, name: string): string {
  try {
    readPaste(text, name);
  } catch (error) {
    if (error instanceof CodedError) return `${error.message}. ${error.hint ?? ''}`;
    throw error;
  }
  throw new Error(`"${text}" was read`);
}

// The paste dialog says "service", as the screens do everywhere else; "server entry" stays where it
// names other apps' own `mcpServers` entries, and a name or command stays as pasted.
describe('the paste dialog in the screens\' words', () => {
  it('says "service" in what it refuses and in what it notes', () => {
    expect(refusal('npx a', 'my server')).toBe('"my server" is not a valid service name: use 1-48 letters, digits, "_" or "-", starting with a letter or digit. For example: my-server');
    expect(refusal('claude mcp add github', '')).toBe(
      "this `claude mcp add` names no command or address to add. Paste the whole line from the service's instructions, with what follows the name (`-- npx …` or its address).",
    );
    const many = JSON.stringify({ mcpServers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`s${i}`, { command: 'server' }])) });
    expect(refusal(many, '')).toBe('the paste holds more than 100 services. Use Import for a whole file.');
    expect(refusal('{"server": 1}', '')).toMatch(/^no server entry found: it has no "mcpServers"/);
    const [row] = readPaste('claude mcp add files -- npx -y @modelcontextprotocol/server-filesystem', '');
    expect(row?.warnings[0]).toBe('Read as the service that `claude mcp add` adds to Claude Code, not as the claude command itself');
    expect(row?.config).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'] });
  });
});
