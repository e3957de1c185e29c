import { describe, expect, it } from 'vitest';
import { readPaste } from './paste-plan';

// A server's README says `claude mcp add …`; pasted as it was, the service would have run Claude Code
// itself with `mcp add …` (and changed its configuration). Read here, it is the server it adds.
describe('pasting another client’s add command', () => {
  it('claude mcp add NAME -- COMMAND: the command after --, its --env, named as the line names it', () => {
    const [row] = readPaste('claude mcp add --transport stdio airtable --env AIRTABLE_API_KEY=pat123 --scope user -- npx -y airtable-mcp-server', '');
    expect(row).toMatchObject({ name: 'airtable', config: { command: 'npx', args: ['-y', 'airtable-mcp-server'], env: { AIRTABLE_API_KEY: 'pat123' } } });
    expect(row?.warnings[0]).toBe('Read as the service that `claude mcp add` adds to Claude Code, not as the claude command itself');
    expect(row?.warnings).toContain("`--scope` is Claude Code's own option and was left out");
  });

  it('claude mcp add --transport http NAME URL --header: an address with its header', () => {
    const [row] = readPaste('claude mcp add --transport http notion https://mcp.notion.com/mcp --header "Authorization: Bearer tok"', '');
    expect(row).toMatchObject({ name: 'notion', config: { type: 'http', url: 'https://mcp.notion.com/mcp', headers: { Authorization: 'Bearer tok' } } });
  });

  it('an address without --transport, the older form without --, and a name typed in the dialog', () => {
    expect(readPaste('claude mcp add linear https://mcp.linear.app/mcp', '')[0]).toMatchObject({ name: 'linear', config: { type: 'http', url: 'https://mcp.linear.app/mcp' } });
    expect(readPaste('claude mcp add memory npx @modelcontextprotocol/server-memory', 'notes')[0]).toMatchObject({ name: 'notes', config: { command: 'npx', args: ['@modelcontextprotocol/server-memory'] } });
  });

  it('codex mcp add NAME --url, gemini mcp add with its flags, claude mcp add-json NAME JSON', () => {
    expect(readPaste('codex mcp add figma --url https://mcp.figma.com/mcp', '')[0]).toMatchObject({ name: 'figma', config: { type: 'http', url: 'https://mcp.figma.com/mcp' } });
    const [gemini] = readPaste('gemini mcp add --trust -e TOKEN=abc fs npx -y @modelcontextprotocol/server-filesystem /tmp', '');
    expect(gemini).toMatchObject({ name: 'fs', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { TOKEN: 'abc' } } });
    expect(gemini?.warnings).toContain("`--trust` is Gemini CLI's own option and was left out");
    expect(readPaste(`claude mcp add-json weather '{"type":"stdio","command":"node","args":["/srv/weather.js"]}'`, '')[0]).toMatchObject({
      name: 'weather',
      config: { command: 'node', args: ['/srv/weather.js'] },
    });
  });

  it('says what is missing or not supported, and leaves other programs named claude alone', () => {
    expect(() => readPaste('claude mcp add github', '')).toThrow('this `claude mcp add` names no command or address to add');
    expect(() => readPaste('claude mcp add --transport sse old https://old.example/sse', '')).toThrow(/legacy SSE transport/);
    expect(readPaste('claude --print hello', '')[0]).toMatchObject({ config: { command: 'claude', args: ['--print', 'hello'] } });
    const [odd] = readPaste('claude mcp add --transport http api https://api.example.com/mcp -e KEY=1', '');
    expect(odd?.warnings).toContain('KEY (`--env`) is for a program; an address gets no environment, so it was left out');
  });
});
