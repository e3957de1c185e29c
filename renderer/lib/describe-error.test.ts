import { describe, expect, it } from 'vitest';
import { describeError, screenHint } from './describe-error';

describe('screenHint: the core hints as the screens can follow them', () => {
  it("points at the Logs tab for the server's output, and at Rotate token for an agent's new token", () => {
    expect(screenHint("check the server's output below, then retry")).toBe("See what it printed on the service's Logs tab, then retry");
    expect(screenHint('Choose another name, or run `connected-services agents rotate "ci bot"` for a new token')).toBe('Choose another name, or use Rotate token on the card of "ci bot" for a new token');
  });

  it('points at Settings → Checks for the checks, and at Edit for a command not found', () => {
    expect(screenHint('run `connected-services doctor`')).toBe('see Settings → Checks');
    expect(screenHint("it printed nothing: run its command yourself to see what it does, or `connected-services doctor`")).toBe('it printed nothing: run its command yourself to see what it does, or Settings → Checks');
    expect(screenHint('run `connected-services doctor --live`')).toBe('use Check services now under Settings → Checks');
    expect(screenHint('Install does-not-exist-cmd or fix "command" in /tmp/home/mcp.json')).toBe('Install does-not-exist-cmd or correct its command with Edit on its page');
  });

  it('says "service" in the pool\'s own words for a server, its case kept, a name as written', () => {
    expect(screenHint('the server\'s answer is not valid MCP, so none of it is used; tell the maintainers of "the server"')).toBe(
      'the service\'s answer is not valid MCP, so none of it is used; tell the maintainers of "the server"',
    );
    expect(screenHint('Is the server running at https://server.example/mcp?')).toBe('Is the service running at https://server.example/mcp?');
    expect(screenHint('Is the server running at https://server.example/mcp? Then retry')).toBe('Is the server running at https://server.example/mcp? Then retry');
  });

  it('names Restart on its page where the pool says to start a service again with a command', () => {
    // slot-state.ts, a server that kept crashing; server-output.ts, one that flooded its stderr.
    expect(screenHint('Run `connected-services connect files` to start it again')).toBe('Start it again with Restart on its page');
    expect(screenHint('lower the log level of "files" (its arguments or environment in mcp.json), then start it again with `connected-services connect files`')).toBe(
      'lower the log level of "files" (its arguments or environment in mcp.json), then start it again with Restart on its page',
    );
  });

  it("names Edit on its page where the core names the command line's servers edit or the entry's url in mcp.json", () => {
    expect(screenHint('there is no program at `./server`: fix the command of "files" (`connected-services servers edit files --command …`), or install the program there')).toBe(
      'there is no program at `./server`: fix the command of "files" with Edit on its page, or install the program there',
    );
    expect(screenHint('check the network and the host name in the "url" of "notes" in mcp.json')).toBe('check the network and the host name in the URL of "notes" (Edit on its page)');
    expect(screenHint('Choose another name, or change it with `connected-services servers edit notes`')).toBe('Choose another name, or change it with Edit on its page');
  });

  it('leaves every other hint as it is', () => {
    const hint = 'run `connected-services agents rotate NAME` in a terminal';
    expect(screenHint(hint)).toBe(hint);
    expect(describeError({ message: 'm', hint }).hint).toBe(hint);
  });
});
