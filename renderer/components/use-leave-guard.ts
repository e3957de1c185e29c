import { useEffect } from 'react';

export type LeaveScope = Pick<Window, 'addEventListener' | 'removeEventListener'> & { connectedServices?: unknown };

/**
 * While `active` (a form holds edits not yet saved), a reload or a closed tab first asks the browser's
 * own "Leave site?": in web mode a reload also signs the tab out, so the edits could not be finished
 * after it. Web mode only: Electron shows no prompt for `beforeunload`, it silently keeps the window
 * open, and the desktop app could then not be closed.
 */
export function useLeaveGuard(active: boolean, scope: LeaveScope = window): void {
  useEffect(() => {
    if (!active || scope.connectedServices !== undefined) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before the HTML standard's preventDefault() (Safari) still ask for a return value.
      event.returnValue = true;
    };
    scope.addEventListener('beforeunload', ask);
    return () => scope.removeEventListener('beforeunload', ask);
  }, [active, scope]);
}
