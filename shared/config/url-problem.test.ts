import { describe, expect, it } from 'vitest';
import { HttpServerSchema } from './schema';

const said = (url: string) => HttpServerSchema.safeParse({ type: 'http', url }).error?.issues[0]?.message;

describe('an HTTP server URL written without its scheme', () => {
  it('is refused with the scheme to add: https, or http for this computer', () => {
    expect(said('notes.example.com/mcp')).toBe('has no scheme: add it, as in https://notes.example.com/mcp');
    expect(said('notes.example.com')).toBe('has no scheme: add it, as in https://notes.example.com');
    expect(said('mcp.example.com:8443/mcp?x=1')).toBe('has no scheme: add it, as in https://mcp.example.com:8443/mcp?x=1');
    // `localhost:3000/mcp` parses as the scheme "localhost:": still a missing scheme, not a wrong one.
    expect(said('localhost:3000/mcp')).toBe('has no scheme: add it, as in http://localhost:3000/mcp');
    expect(said('127.0.0.1:3000/mcp')).toBe('has no scheme: add it, as in http://127.0.0.1:3000/mcp');
  });

  it('keeps the other words for what is not a host and path', () => {
    expect(said('mailto:a@example.com')).toBe('must be an http:// or https:// URL');
    expect(said('ftp://files.example.com/mcp')).toBe('must be an http:// or https:// URL');
    expect(said('http://[::1')).toMatch(/^is not a whole URL/);
    expect(said('not a url')).toMatch(/^is not a whole URL/);
  });
});

describe('an HTTP server URL that is a file name', () => {
  const file = 'looks like a file, not an address: a program to run is given as a command, not a URL; an address starts with https://';

  it('says a program is given as a command, not that https:// is missing', () => {
    for (const url of ['./srv.js', 'build/index.js', '../bin/srv', '/opt/srv/run.sh', '~/bin/srv', 'C:\\srv\\run.bat']) {
      expect(said(url), url).toBe(file);
    }
  });

  it('offers the https:// form too when the name may be a host (.sh and .py are top-level domains)', () => {
    for (const url of ['mcp.json', 'server.py', 'run.sh', 'bun.sh']) {
      expect(said(url), url).toBe(`looks like a file, not an address: a program to run is given as a command, not a URL; if it is a host, write https://${url}`);
    }
  });

  it('keeps the scheme hint for a host, whatever its path ends with', () => {
    expect(said('example.com/mcp')).toBe('has no scheme: add it, as in https://example.com/mcp');
    expect(said('example.com/mcp.json')).toBe('has no scheme: add it, as in https://example.com/mcp.json');
    expect(said('localhost:3000/mcp')).toBe('has no scheme: add it, as in http://localhost:3000/mcp');
    expect(said('localhost/x.json')).toBe('has no scheme: add it, as in http://localhost/x.json');
    expect(said('mcp.example.com:8443/x.py')).toBe('has no scheme: add it, as in https://mcp.example.com:8443/x.py');
    expect(said('//example.com/mcp')).not.toBe(file);
  });
});

describe('an HTTP server URL with a port out of range', () => {
  it('says a port is 1 to 65535', () => {
    expect(said('https://h:99999/mcp')).toBe('has port 99999: a port is a number from 1 to 65535');
    // The person's text is repeated cut, however long.
    expect(said(`https://h:${'9'.repeat(5000)}/mcp`)?.length ?? Infinity).toBeLessThan(80);
    expect(said(`notes.example.com/${'a'.repeat(5000)}`)?.length ?? Infinity).toBeLessThan(260);
    expect(said('http://[::1]:70000')).toBe('has port 70000: a port is a number from 1 to 65535');
    expect(HttpServerSchema.safeParse({ type: 'http', url: 'https://h:65535/mcp' }).success).toBe(true);
  });
});

describe('an HTTP server URL with port 0', () => {
  it('is refused: nothing can answer there, a port is 1 to 65535', () => {
    expect(said('https://h:0/mcp')).toBe('has port 0: a port is a number from 1 to 65535');
    expect(said('http://[::1]:00/mcp')).toBe('has port 0: a port is a number from 1 to 65535');
    expect(said('http://127.0.0.1:0')).toBe('has port 0: a port is a number from 1 to 65535');
    expect(HttpServerSchema.safeParse({ type: 'http', url: 'https://h:1/mcp' }).success).toBe(true);
    expect(HttpServerSchema.safeParse({ type: 'http', url: 'https://h:10/mcp' }).success).toBe(true);
  });
});

describe('an HTTP server URL with whitespace in it', () => {
  it('is refused with the %20 form, not taken as written or with its tabs dropped', () => {
    expect(said('https://a.example.com/my mcp')).toBe('has a space or line break in it, and an address has none: did you mean https://a.example.com/my%20mcp?');
    expect(said('https://a.example.com/my\tmcp')).toBe('has a space or line break in it, and an address has none: did you mean https://a.example.com/my%09mcp?');
    expect(said(' https://a.example.com/mcp')).toBe('has a space or line break in it, and an address has none: did you mean https://a.example.com/mcp?');
    expect(said('https://a.exa mple.com/mcp')).toBe('has a space or line break in it, and an address has none: remove it, or write a space inside the path as %20');
    expect(said('https://a.example.com/my%20mcp')).toBeUndefined();
  });
});
