import { redact } from '../../shared/redact';
import { terminalSafe } from '../../shared/text';

/** What a command's last line says when something failed outside every handler: one line, never a stack. */
export function lastResortLine(error: unknown, debug: boolean): string {
  const kind = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  let shown: string;
  try {
    shown = redact(message);
  } catch {
    // The redactor may be what failed: say nothing of a text it could not read.
    shown = '';
  }
  const line = terminalSafe(`${kind}${shown === '' ? '' : `: ${shown}`}`).slice(0, 300);
  const stack = debug && error instanceof Error && error.stack !== undefined ? `\n${error.stack}` : '';
  return `error [internal]: ${line} (an error of this program; CONNECTED_SERVICES_DEBUG=1 shows where)${stack}`;
}
