import { useEffect } from 'react';
import { describeError } from '../../../lib';
import { useClock, useLive } from '../../../state';

/** How often an open panel keeps its app: well inside the ten minutes the core keeps an app nobody keeps. */
export const KEEP_APP_EVERY_MS = 60_000;

/**
 * Keeps the app of an open panel in the core (keepApp) while it is open, however long that is: the
 * core drops only the apps of pages that went away. `onGone` when the core no longer has it.
 */
export function useKeptApp(appId: string | null, onGone: () => void): void {
  const live = useLive();
  const clock = useClock();
  useEffect(() => {
    if (appId === null) return undefined;
    let over = false;
    const stop = clock.every(KEEP_APP_EVERY_MS, () => {
      live.api.keepApp({ appId }).catch((failure: unknown) => {
        if (!over && describeError(failure).code === 'not_found') onGone();
      });
    });
    return () => {
      over = true;
      stop();
    };
  }, [live, clock, appId, onGone]);
}
