import { useCallback, useEffect, useRef, useState } from 'react';
import { shownLine } from '../../../lib';

/** What the panel knows of an app that tried to move its frame: where to, when the browser said. */
export interface FrameLeft {
  address: string | undefined;
}

/**
 * Notices an app that navigates its frame away from its document (a `<meta http-equiv="refresh">`,
 * `location.href = …`). The page's policy lets its frames show only the apps' origin (CSP3 §frame-src):
 * the browser stops the navigation, reports it to the page, not the frame (the event names no
 * element), and loads an error page in the frame. So a report followed by another load of this
 * frame is this app's doing; the report names the address, as an origin.
 */
export function useFrameLeft(appId: string | null): { left: FrameLeft | null; onLoad: () => void } {
  // Kept with the app it is about and dropped in the render that moves to another (React's "adjusting
  // state when a prop changes"): a reset in an effect could land after a report of the new app's frame.
  const [left, setLeft] = useState<{ appId: string | null; seen: FrameLeft } | null>(null);
  if (left !== null && left.appId !== appId) setLeft(null);
  const current = useRef(appId);
  current.current = appId;
  const loads = useRef({ appId, count: 0 });
  const blocked = useRef<{ address: string } | null>(null);
  // Listening from the panel's start, before any frame of it exists: no report is missed.
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'frame-src') blocked.current = { address: event.blockedURI };
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);
  const onLoad = useCallback(() => {
    if (loads.current.appId !== current.current) loads.current = { appId: current.current, count: 0 };
    loads.current.count += 1;
    // The first load is the app's own document; a frame still loading it claims no report.
    if (loads.current.count < 2 || blocked.current === null) return;
    setLeft({ appId: current.current, seen: { address: blocked.current.address === '' ? undefined : blocked.current.address } });
    blocked.current = null;
  }, []);
  return { left: left !== null && left.appId === appId ? left.seen : null, onLoad };
}

/** Said in the panel: what the app tried, that it was stopped, and how to get the app back. */
export function AppLeftNote({ left, tool }: { left: FrameLeft | null; tool: string }) {
  if (left === null) return null;
  const where = left.address === undefined ? 'another page' : `a page of ${shownLine(left.address, 200)}`;
  return (
    <p className="note note-warn" role="status">
      The app tried to move its frame to {where}, and was stopped: an app may show only the page its server gave it. If its frame is now empty or shows an
      error, press “Call {tool}” again to reopen the app.
    </p>
  );
}
