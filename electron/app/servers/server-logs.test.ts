import { afterEach, describe, expect, it } from 'vitest';
import type { LogLine, ServerStatus } from '../../../shared/api';
import { redactor } from '../../../shared/redact';
import { DEFAULT_FLOOD_LIMITS, MAX_STDERR_LINE, ServerOutput } from '../../pool';
import { DEFAULT_LOG_LIMITS, ServerLogs } from './server-logs';

const SECRET = 'sk-live-0123456789abcdefXYZ';
afterEach(() => redactor.removeSecret(SECRET));

const texts = (lines: LogLine[]) => lines.map((l) => l.text);

function status(name: string, state: ServerStatus['state'], message?: string): ServerStatus {
  return {
    name,
    transport: 'stdio',
    enabled: true,
    state,
    since: 0,
    approval: 'approved',
    toolCount: 0,
    resourceCount: 0,
    promptCount: 0,
    crashes: 0,
    history: [],
    ...(message !== undefined ? { lastError: { code: 'server_unavailable', message } } : {}),
  };
}

describe('ServerLogs: a bounded, redacted log per server', () => {
  it('attributes pool lines to their server: stderr, notes; lines naming no server are not kept', () => {
    const logs = new ServerLogs({ now: () => 42 });
    logs.poolLine('[files] stderr: listening on stdio');
    logs.poolLine('[files] stopped after 600000 ms unused; the next call starts it again');
    logs.poolLine('[memory] stderr: [files] stderr: forged?');
    logs.poolLine('a pool event listener failed: boom');
    expect(logs.read('files').lines).toEqual([
      { seq: 1, at: 42, kind: 'stderr', text: 'listening on stdio' },
      { seq: 2, at: 42, kind: 'note', text: 'stopped after 600000 ms unused; the next call starts it again' },
    ]);
    // A server's line that looks like another's stays its own.
    expect(logs.read('memory').lines).toMatchObject([{ kind: 'stderr', text: '[files] stderr: forged?' }]);
  });

  it('keeps at most maxLines lines, the newest, and reports what a cursor missed', () => {
    const logs = new ServerLogs({ limits: { maxLines: 3 } });
    for (let i = 1; i <= 5; i += 1) logs.poolLine(`[s] stderr: line ${i}`);
    const tail = logs.read('s');
    expect(texts(tail.lines)).toEqual(['line 3', 'line 4', 'line 5']);
    expect(tail.cursor).toBe(5);
    // A reader that stopped at line 1 learns that line 2 was dropped.
    expect(logs.read('s', { after: 1 })).toMatchObject({ missed: 1, cursor: 5 });
    expect(texts(logs.read('s', { after: 1 }).lines)).toEqual(['line 3', 'line 4', 'line 5']);
  });

  it('keeps at most maxBytes bytes of UTF-8 per server (at least the newest line)', () => {
    const logs = new ServerLogs({ limits: { maxBytes: 25 } });
    for (const word of ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc']) logs.poolLine(`[s] stderr: ${word}`);
    expect(texts(logs.read('s').lines)).toEqual(['bbbbbbbbbb', 'cccccccccc']);
    logs.poolLine(`[s] stderr: ${'d'.repeat(40)}`);
    expect(texts(logs.read('s').lines)).toEqual(['d'.repeat(40)]);
    // Bytes, not characters: two lines of 6 two-byte characters are 24 bytes, a third would pass 25.
    for (const n of [1, 2, 3]) logs.poolLine(`[s] stderr: ${'é'.repeat(5)}${n}`);
    expect(texts(logs.read('s').lines)).toEqual(['ééééé2', 'ééééé3']);
  });

  it('cuts a line past maxLineChars and says so', () => {
    const logs = new ServerLogs({ limits: { maxLineChars: 10 } });
    logs.poolLine(`[s] stderr: ${'x'.repeat(25)}`);
    expect(texts(logs.read('s').lines)).toEqual([`${'x'.repeat(10)}… (15 more characters not kept)`]);
  });

  it('redacts a line whole before cutting it: a known secret or a token across the cut never shows, not even half of it', () => {
    redactor.addSecret(SECRET);
    const logs = new ServerLogs();
    const poolLog = (line: string): void => logs.poolLine(line);
    const out = new ServerOutput({ server: 's', log: poolLog, limits: DEFAULT_FLOOD_LIMITS, now: () => 1_000, onFlood: () => undefined });
    const cut = DEFAULT_LOG_LIMITS.maxLineChars;
    const half = Math.floor(SECRET.length / 2);
    const across = cut - half;
    // A stderr line over MAX_STDERR_LINE with the secret across its 16 KiB, and one within it whose escapes grow it past the cut.
    out.stderr(Buffer.from(`${'a'.repeat(MAX_STDERR_LINE - half)}${SECRET}${'a'.repeat(100)}\n`));
    out.stderr(Buffer.from(`${'\u0001'.repeat(Math.floor(across / 6))}${'b'.repeat(across % 6)}${SECRET}\n`));
    // A log message (notifications/message) and a note are cut by the log itself.
    logs.message({ server: 's', level: 'info', data: `${'c'.repeat(across)}${SECRET}${'c'.repeat(100)}` });
    const token = `ya29.${'T0k3n'.repeat(8)}`;
    logs.message({ server: 's', level: 'info', data: { pad: 'd'.repeat(cut - 40), access_token: token } });
    logs.poolLine(`[s] ${'e'.repeat(across)}${SECRET}`);
    const shown = logs.read('s').lines.map((l) => l.text);
    expect(shown).toHaveLength(5);
    for (const text of shown) {
      for (let i = 0; i + 8 <= SECRET.length; i += 1) expect(text).not.toContain(SECRET.slice(i, i + 8));
      for (let i = 0; i + 8 <= token.length; i += 1) expect(text).not.toContain(token.slice(i, i + 8));
    }
    expect(shown[0]).toBe(`dropped a stderr line longer than ${MAX_STDERR_LINE} bytes`);
    // Each was redacted where it stood, not cut away before it.
    expect(shown.slice(1).every((text) => text.includes('[redacted]'))).toBe(true);
  });

  it('keeps only the length of a line too long to redact', () => {
    const logs = new ServerLogs({ limits: { maxLineChars: 10, maxLineInput: 100 } });
    logs.poolLine(`[s] stderr: ${'x'.repeat(101)}`);
    logs.poolLine(`[s] stderr: ${'y'.repeat(100)}`);
    expect(texts(logs.read('s').lines)).toEqual(['(a line of 101 characters, not kept: longer than 100)', `${'y'.repeat(10)}… (90 more characters not kept)`]);
  });

  it('keeps logs for at most maxServers servers, dropping the least recently written', () => {
    const logs = new ServerLogs({ limits: { maxServers: 2 } });
    logs.poolLine('[a] stderr: 1');
    logs.poolLine('[b] stderr: 1');
    logs.poolLine('[a] stderr: 2');
    logs.poolLine('[c] stderr: 1');
    expect(logs.read('b').lines).toEqual([]);
    expect(texts(logs.read('a').lines)).toEqual(['1', '2']);
    expect(texts(logs.read('c').lines)).toEqual(['1']);
  });

  it('redacts known secrets and shows control characters as escapes in every kind of line', () => {
    redactor.addSecret(SECRET);
    const logs = new ServerLogs();
    logs.poolLine(`[s] stderr: token=${SECRET} \u001b[2J`);
    logs.message({ server: 's', level: 'warning', logger: 'auth', data: { note: `key ${SECRET}` } });
    logs.state(status('s', 'error', `failed with ${SECRET}`));
    const all = logs.read('s').lines;
    expect(JSON.stringify(all)).not.toContain(SECRET);
    expect(all[0]?.text).toContain('[redacted]');
    expect(all[0]?.text).toContain('\\u001b[2J');
    expect(all[1]).toMatchObject({ kind: 'message', level: 'warning', text: expect.stringMatching(/^auth: \{"note":"key \[redacted\]"\}$/) as unknown });
    expect(all[2]).toMatchObject({ kind: 'state', text: 'error: failed with [redacted]' });
  });

  it('keeps state changes, not repeated states; a server first seen idle is not news', () => {
    const logs = new ServerLogs();
    logs.state(status('s', 'idle'));
    logs.state(status('s', 'starting'));
    logs.state(status('s', 'starting'));
    logs.state(status('s', 'ready'));
    expect(texts(logs.read('s').lines)).toEqual(['starting', 'ready']);
  });

  it('reads after a cursor, oldest first, in pages of `limit`; a cursor from a former run reads from the start', () => {
    const logs = new ServerLogs();
    for (let i = 1; i <= 5; i += 1) logs.poolLine(`[s] stderr: ${i}`);
    const page = logs.read('s', { after: 1, limit: 2 });
    expect(texts(page.lines)).toEqual(['2', '3']);
    expect(page.cursor).toBe(3);
    expect(texts(logs.read('s', { after: page.cursor }).lines)).toEqual(['4', '5']);
    expect(logs.read('s', { after: 5 })).toEqual({ server: 's', lines: [], cursor: 5, missed: 0 });
    expect(texts(logs.read('s', { after: 99 }).lines)).toEqual(['1', '2', '3', '4', '5']);
    expect(texts(logs.read('s', { limit: 2 }).lines)).toEqual(['4', '5']);
    expect(logs.read('unknown')).toEqual({ server: 'unknown', lines: [], cursor: 0, missed: 0 });
  });

  it('announces new lines once per tick, per server, in order', async () => {
    const logs = new ServerLogs();
    const seen: Array<[string, number[]]> = [];
    logs.on('lines', ({ server, lines }) => seen.push([server, lines.map((l) => l.seq)]));
    logs.poolLine('[a] stderr: 1');
    logs.poolLine('[a] stderr: 2');
    logs.poolLine('[b] stderr: 1');
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual([
      ['a', [1, 2]],
      ['b', [1]],
    ]);
  });

  it('forgets servers no longer configured', () => {
    const logs = new ServerLogs();
    logs.poolLine('[a] stderr: 1');
    logs.poolLine('[b] stderr: 1');
    logs.retain(['a']);
    expect(logs.read('b').lines).toEqual([]);
    expect(logs.read('a').lines).toHaveLength(1);
  });
});
