import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import { describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import type { Extra } from './call-gate';
import type { Server } from '@modelcontextprotocol/server';
import { callLog, LOGGING_LEVELS, MAX_LOG_BYTES, MAX_LOG_DATA_DEPTH, MAX_LOGS_PER_REQUEST, sessionLevel, setLevel } from './log-forwarding';

describe('LOGGING_LEVELS', () => {
  it("are the SDK's logging levels in its order (least severe first), without loading its schemas at start-up", () => {
    expect(LOGGING_LEVELS).toEqual(LoggingLevelSchema.options);
  });
});

describe('callLog: a 2026-07-28 request\'s log messages', () => {
  const sent: { level: string; logger?: string | undefined; data: unknown }[] = [];
  const extra = (logLevel?: 'debug' | 'error'): Extra => ({
    signal: new AbortController().signal,
    logLevel,
    sendNotification: (notification) => {
      if (notification.method === 'notifications/message') sent.push(notification.params);
      return Promise.resolve();
    },
  });

  it('none without a level', () => {
    expect(callLog('svc', extra())).toBeUndefined();
  });

  it('named after the service, redacted, a large one cut, at most MAX_LOGS_PER_REQUEST then one notice', () => {
    sent.length = 0;
    redactor.addSecret('callog-secret-1234');
    try {
      const log = callLog('svc', extra('debug'));
      log?.send({ level: 'info', logger: 'db', data: { note: 'uses callog-secret-1234' } });
      log?.send({ level: 'error', data: 'x'.repeat(MAX_LOG_BYTES + 10) });
      for (let i = 0; i < MAX_LOGS_PER_REQUEST + 5; i++) log?.send({ level: 'debug', data: i });
    } finally {
      redactor.removeSecret('callog-secret-1234');
    }
    expect(sent[0]).toEqual({ level: 'info', logger: 'svc/db', data: { note: 'uses [redacted]' } });
    expect(sent[1]?.logger).toBe('svc');
    expect(String(sent[1]?.data)).toMatch(/… \(cut at 16 KiB\)$/);
    expect(String(sent[1]?.data).length).toBeLessThan(MAX_LOG_BYTES + 30);
    expect(sent).toHaveLength(MAX_LOGS_PER_REQUEST + 1);
    expect(String(sent.at(-1)?.data)).toContain('further log messages of this request were left out');
  });

  it('with what a terminal acts on escaped, in the logger and every string and key of the data, to a bounded depth', () => {
    sent.length = 0;
    let deep: unknown = 'bottom\u0007';
    for (let i = 0; i < MAX_LOG_DATA_DEPTH + 3; i++) deep = [deep];
    const log = callLog('svc', extra('debug'));
    log?.send({ level: 'info', logger: 'db\u001b]0;owned\u0007', data: { 'k\u001b[2J': ['a\rb', 1, null, { note: '\u001b[31mred' }], deep } });
    log?.send({ level: 'info', data: '\u001b[2J'.repeat(MAX_LOG_BYTES / 2) });
    expect(sent[0]?.logger).toBe('svc/db\\u001b]0;owned\\u0007');
    const data = sent[0]?.data as Record<string, unknown>;
    expect(data['k\\u001b[2J']).toEqual(['a\\u000db', 1, null, { note: '\\u001b[31mred' }]);
    expect(JSON.stringify(data['deep'])).toContain('bottom\\\\u0007');
    // JSON writes a raw control as one escape (`\u001b`); an escaped one is two (`\\u001b`).
    expect(JSON.stringify(data)).not.toMatch(/(?<!\\)\\u00(?:1b|07|0d)/);
    // Measured as sent: escapes that grow it past the bound cut it.
    expect(String(sent[1]?.data)).toMatch(/… \(cut at 16 KiB\)$/);
  });
});

describe("sessionLevel: a 2025-11-25 session's requests take their messages at its level", () => {
  it('everything until the session sets a level, then that level, each session its own', () => {
    const one = {} as Server;
    const other = {} as Server;
    expect(sessionLevel(one)).toBe('debug');
    expect(setLevel(one, 'warning')).toEqual({});
    expect([sessionLevel(one), sessionLevel(other)]).toEqual(['warning', 'debug']);
  });
});
