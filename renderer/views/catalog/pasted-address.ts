import { urlSpaceProblem, withScheme } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';

/** `https://…` as the first word: what follows is an address, never a program named so. */
const ADDRESS_START = /^https?:\/\//i;
/**
 * A host and path with no scheme (`notes.example.com/mcp`, `localhost:3000/mcp`): a dotted name
 * ending in a top-level domain's shape, or this computer, then a port or a path. `./bin/server`,
 * `build/index.js` and `server.py` stay programs.
 */
const HOST_AND_PATH = /^(?:(?:[a-z0-9-]+\.)+[a-z]{2,63}|localhost|127(?:\.\d{1,3}){3})(?::\d{1,5}(?:[/?#]\S*)?|[/?#]\S*)$/i;

/** The pasted text as an address to add, or undefined when it is a command line or JSON. */
export function pastedAddress(text: string): string | undefined {
  const trimmed = text.trim();
  if (ADDRESS_START.test(trimmed)) {
    const problem = urlSpaceProblem(trimmed);
    if (problem !== undefined) {
      throw new CodedError('invalid_input', `this address ${problem}`, { hint: 'Paste the address alone, as the service gives it; a program to run is pasted as its command line (npx …, ./server).' });
    }
    return trimmed;
  }
  const whole = HOST_AND_PATH.test(trimmed) ? withScheme(trimmed) : undefined;
  if (whole !== undefined) {
    throw new CodedError('invalid_input', `"${trimmed.slice(0, 80)}" looks like an address without its scheme: did you mean ${whole}?`, {
      hint: `Paste it as ${whole}; a program to run is pasted as its command line (./server, npx …).`,
    });
  }
  return undefined;
}
