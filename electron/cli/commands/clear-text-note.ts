import { clearTextWarning } from '../../../shared/config';
import type { Output } from '../output';

/** Says on stderr, before the address is used, that plain http to another computer is readable on the way. */
export function warnIfClearText(output: Output, url: string | undefined): void {
  const warning = url === undefined ? undefined : clearTextWarning(url);
  if (warning !== undefined) output.err(`warning: ${warning}`);
}
