import { errorMessage } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import type { Opener } from '../../auth';

/**
 * Where no browser can be opened (a server, a container), the sign-in goes on: the address is
 * logged for the person to open elsewhere, and the flow waits as usual.
 */
export function forgivingOpener(primary: Opener, log: (line: string) => void): Opener {
  return async (url) => {
    try {
      await primary(url);
    } catch (error) {
      log(redact(`could not open a browser (${errorMessage(error)}); open this address to sign in: ${url}`));
    }
  };
}
