import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import { describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import type { Extra } from './call-gate';
import type { Server } from '@modelcontextprotocol/server';
import { callLog, LOGGING_LEVELS, MAX_LOG_BYTES, MAX_LOGS_PER_REQUEST, sessionLevel, setLevel } from './log-forwarding';

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
