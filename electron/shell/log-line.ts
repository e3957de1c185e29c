import { redact } from '../../shared/redact';
import { terminalSafe } from '../../shared/text';

/**
 * A line of the desktop app's log as written to its terminal: redacted, and with what a terminal would
 * act on shown as escapes (its lines carry servers' own words, as serve's do).
 */
export function logLine(line: string): string {
  return terminalSafe(redact(`[connected-services] ${line}`));
}
