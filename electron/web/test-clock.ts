import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';

/** For tests only: a file whose number moves the web UI's clock ahead (documented in docs/cli.md#serve). */
export const TEST_CLOCK_ENV = 'CONNECTED_SERVICES_TEST_CLOCK_FILE';

/**
 * For the browser tests: the clock of the web UI's links and sessions, ahead of the real one by the
 * whole number of ms the file named by TEST_CLOCK_ENV holds when asked (an absolute path). It only
 * ever moves forward: a smaller number, a missing file or other text keeps the most it was ahead,
 * so the file can end sessions and links sooner, never keep one longer. Undefined without it.
 */
export function testClock(env: Record<string, string | undefined>, realNow: () => number = Date.now): (() => number) | undefined {
  const file = env[TEST_CLOCK_ENV];
  if (file === undefined || !isAbsolute(file)) return undefined;
  let ahead = 0;
  return () => {
    let read = Number.NaN;
    try {
      read = Number(readFileSync(file, 'utf8').trim());
    } catch {
      // Not there (yet): the clock stays where it was.
    }
    if (Number.isSafeInteger(read) && read > ahead) ahead = read;
    return realNow() + ahead;
  };
}
