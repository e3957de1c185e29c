import { describe, expect, it } from 'vitest';
import { keysNamedTwice, pathKey } from './import-duplicates';

describe('keysNamedTwice', () => {
  it('finds a server named twice, at the top and in a project, with comments and trailing commas', () => {
    const text = `{
      // a comment
      "mcpServers": { "dup": { "command": "a" }, "one": {}, "dup": { "command": "b" }, },
      "projects": { "/p": { "mcpServers": { "x": {}, "x": {} } } }
    }`;
    expect([...keysNamedTwice(text)].sort()).toEqual([pathKey(['mcpServers', 'dup']), pathKey(['projects', '/p', 'mcpServers', 'x'])].sort());
  });

  it('finds a container named twice', () => {
    expect([...keysNamedTwice('{"mcpServers":{"a":{}},"mcpServers":{"b":{}}}')]).toEqual([pathKey(['mcpServers'])]);
  });

  it('does not look past where servers sit, nor call one name in two objects twice', () => {
    const deep = '{"projects":{"/p":{"history":[{"k":1,"k":2}],"mcpServers":{"a":{"env":{"K":"1","K":"2"}}}}},"mcpServers":{"a":{}}}';
    expect(keysNamedTwice(deep).size).toBe(0);
  });
});
