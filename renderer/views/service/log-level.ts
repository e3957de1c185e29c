import type { LogLine } from '../../../shared/api';

/** RFC 5424 §6.2.1 severities, as MCP's logging levels name them, least to most severe. */
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export type Severity = 'error' | 'warning' | 'info' | 'debug';

export const LEVEL_FILTERS = [
  { value: 'all', label: 'All lines' },
  { value: 'warning', label: 'Warnings and errors' },
  { value: 'error', label: 'Errors only' },
] as const;
export type LevelFilter = (typeof LEVEL_FILTERS)[number]['value'];

/**
 * How a line reads: a log message by its level (error and above are errors: critical, alert and
 * emergency never read like info), a state change into an error as an error (needing a sign-in as a warning), stderr as info (a
 * program writes anything there).
 */
export function severityOf(line: LogLine): Severity {
  if (line.kind === 'message') {
    const rank = LEVELS.indexOf((line.level ?? 'info') as (typeof LEVELS)[number]);
    if (rank >= LEVELS.indexOf('error')) return 'error';
    if (rank === LEVELS.indexOf('warning')) return 'warning';
    if (rank === LEVELS.indexOf('debug')) return 'debug';
    return 'info';
  }
  if (line.kind === 'state' && line.text.startsWith('error')) return 'error';
  if (line.kind === 'state' && line.text.startsWith('needs_auth')) return 'warning';
  return 'info';
}

export function passesLevel(line: LogLine, filter: LevelFilter): boolean {
  if (filter === 'all') return true;
  const severity = severityOf(line);
  return severity === 'error' || (filter === 'warning' && severity === 'warning');
}
