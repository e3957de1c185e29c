import { redact } from '../../shared/redact';
import { terminalSafe } from '../../shared/text';

/** What a command's last line says when something failed outside every handler: one line, never a stack. */
export function lastResortLine(error: unknown, debug: boolean): string {
  const kind = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  // The redactor may be what failed: say nothing of a text it could not read.
  const redacted = (text: string): string => {
    try {
      return redact(text);
    } catch {
      return '';
    }
  };
  const shown = redacted(message);
  const line = terminalSafe(`${kind}${shown === '' ? '' : `: ${shown}`}`).slice(0, 300);
  // The stack's first line repeats the message: it is redacted as the line is.
  const stack = debug && error instanceof Error && error.stack !== undefined ? `\n${redacted(error.stack)}` : '';
  return `error [internal]: ${line} (an error of this program; CONNECTED_SERVICES_DEBUG=1 shows where)${stack}`;
}
