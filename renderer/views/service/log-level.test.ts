import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../../shared/api';
import { passesLevel, severityOf } from './log-level';

const line = (patch: Partial<LogLine>): LogLine => ({ seq: 1, at: 0, kind: 'message', text: 'x', ...patch });

describe('log levels', () => {
  it('reads emergency, alert and critical as errors, never like info', () => {
    for (const level of ['error', 'critical', 'alert', 'emergency']) expect(severityOf(line({ level })), level).toBe('error');
    expect(severityOf(line({ level: 'warning' }))).toBe('warning');
    expect(severityOf(line({ level: 'notice' }))).toBe('info');
    expect(severityOf(line({ level: 'debug' }))).toBe('debug');
  });

  it('reads a state change into an error as an error, and stderr as info', () => {
    expect(severityOf(line({ kind: 'state', text: 'error: could not start' }))).toBe('error');
    expect(severityOf(line({ kind: 'state', text: 'needs_auth: no API key is stored' }))).toBe('warning');
    expect(severityOf(line({ kind: 'state', text: 'ready' }))).toBe('info');
    expect(severityOf(line({ kind: 'stderr', text: 'Error: something' }))).toBe('info');
  });

  it('filters: errors only, or warnings and errors', () => {
    const lines = [line({ level: 'info' }), line({ level: 'warning' }), line({ level: 'emergency' })];
    expect(lines.filter((l) => passesLevel(l, 'error')).map((l) => l.level)).toEqual(['emergency']);
    expect(lines.filter((l) => passesLevel(l, 'warning')).map((l) => l.level)).toEqual(['warning', 'emergency']);
    expect(lines.filter((l) => passesLevel(l, 'all'))).toHaveLength(3);
  });
});
