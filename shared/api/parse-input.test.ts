import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redact, redactor } from '../redact';
import { describeIssues, parseApiInput } from './parse-input';

const Entry = z.union([z.strictObject({ command: z.string(), cwd: z.string().optional() }), z.strictObject({ type: z.literal('http'), url: z.string() })]);
const Input = z.strictObject({ servers: z.record(z.string(), Entry) });

function told(input: unknown): string {
  const parsed = Input.safeParse(input);
  if (parsed.success) throw new Error('expected the input refused');
  return describeIssues(parsed.error.issues);
}

describe('describeIssues', () => {
  it("tells a union's failure as the nearest branch's issues, under the union's path", () => {
    expect(told({ servers: { h: { url: 'x' } } })).toBe('servers.h.type: Invalid input: expected "http"');
    expect(told({ servers: { s: { command: 'x', cwd: 5 } } })).toBe('servers.s.cwd: Invalid input: expected string, received number');
  });

  it('keeps plain issues as they are', () => {
    expect(told({ servers: 5 })).toBe('servers: Invalid input: expected record, received number');
    expect(describeIssues([{ path: [], message: 'whole' }, { path: ['a', 0], message: 'first' }])).toBe('whole; a.0: first');
  });

  it('keeps a union issue without branches as the union said it', () => {
    expect(describeIssues([{ path: ['x'], message: 'Invalid input', code: 'invalid_union', errors: [] }])).toBe('x: Invalid input');
  });

  it("refuses a server a program declares under __proto__ (a plain record read past it: 'ok', nothing declared)", () => {
    const input = JSON.parse('{"servers":{"__proto__":{"command":"node"}}}') as unknown;
    expect(() => parseApiInput('declareServers', input)).toThrow(/Invalid input for declareServers: servers\.__proto__/);
  });

  it("names the field a declared HTTP server misses, through the record's own check of its keys", () => {
    expect(() => parseApiInput('declareServers', { servers: { h: { url: 'http://127.0.0.1:1/mcp' } } })).toThrow(/servers\.h\.type: /);
  });

  it('refuses an agent a program declares under __proto__', () => {
    const input = JSON.parse('{"agents":{"__proto__":{}}}') as unknown;
    expect(() => parseApiInput('declareAgents', input)).toThrow(/Invalid input for declareAgents: agents\.__proto__/);
  });

  // Bare before a colon, `Authorization: …` reads as a credential's header line and the message is hidden.
  it('names a header or variable in quotes, so the redactor leaves the message after it', () => {
    const issues = [
      { path: ['headers', 'Authorization'], message: 'The reference ${env:X} names one of our own variables' },
      { path: ['env', 'GITHUB_TOKEN'], message: 'expected string' },
    ];
    const text = describeIssues(issues);
    expect(text).toBe('headers["Authorization"]: The reference ${env:X} names one of our own variables; env["GITHUB_TOKEN"]: expected string');
    expect(redact(text)).toBe(text);
  });

  // `params.progressToken: …` read as a credential's header line: the reason and all after it were hidden.
  it('names a step called as a credential is in quotes, so the redactor leaves the rest of the line', () => {
    const text = describeIssues([
      { path: ['params', 'progress'], message: 'Invalid input: expected number, received string' },
      { path: ['params', 'progressToken'], message: 'Invalid input: expected string, received object' },
      { path: ['oauth', 'clientSecret'], message: 'expected string' },
      { path: ['password'], message: 'expected string' },
    ]);
    expect(text).toBe(
      'params.progress: Invalid input: expected number, received string; params["progressToken"]: Invalid input: expected string, received object; oauth["clientSecret"]: expected string; ["password"]: expected string',
    );
    expect(redact(`sent a notification MCP does not allow (${text}); it was ignored`)).toBe(`sent a notification MCP does not allow (${text}); it was ignored`);
  });

  it("escapes and cuts the caller's own keys: a path's and an unrecognized one's", () => {
    const long = 'k'.repeat(100_000);
    const text = told({ servers: { [`a\u001b]52;c;eA==\u0007${long}`]: { command: 5 } } });
    expect(text).toContain('servers.a\\u001b]52;c;eA==\\u0007');
    // eslint-disable-next-line no-control-regex -- what must not reach a terminal
    expect(text).not.toMatch(/[\u0000-\u001f]/);
    expect(text.length).toBeLessThan(300);
    const extra = told({ servers: {}, [`x\u0007${long}`]: 1 });
    expect(extra).toContain('Unrecognized key: "x\\u0007k');
    // eslint-disable-next-line no-control-regex -- what must not reach a terminal
    expect(extra).not.toMatch(/[\u0000-\u001f]/);
    expect(extra.length).toBeLessThan(300);
  });

  it('hides a known value in a key before cutting it: cut first, its part of the value was no longer found', () => {
    const secret = 'long-key-known-value-24680';
    redactor.addSecret(secret);
    try {
      const key = `${'k'.repeat(80)}${secret}`;
      const texts = [told({ servers: { [key]: { command: 5 } } }), told({ servers: {}, [key]: 1 })];
      for (const text of texts) expect(redact(text)).not.toContain(secret.slice(0, 12));
      for (const text of texts) expect(text).toContain(`${'k'.repeat(80)}[redacted]`);
    } finally {
      redactor.removeSecret(secret);
    }
  });

  it('names ten unrecognized keys and counts the rest, and escapes quotes in a key', () => {
    const many = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1]));
    const text = told({ servers: {}, ...many });
    expect(text).toBe(`Unrecognized keys: ${Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(', ')} and 19990 more`);
    expect(describeIssues([{ path: ['headers', 'x"]: y'], message: 'bad' }])).toBe('headers["x\\"]: y"]: bad');
  });
});
