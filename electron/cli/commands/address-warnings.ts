import { addressWarnings } from '../../../shared/config';
import type { Output } from '../output';

/** Says on stderr, before the address is used, that it travels in clear or can never be reached. */
export function warnAboutAddress(output: Output, url: string | undefined): void {
  if (url === undefined) return;
  for (const warning of addressWarnings(url)) output.err(`warning: ${warning.text}`);
}
