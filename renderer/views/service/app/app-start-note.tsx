import { useEffect, useState } from 'react';

/** How long an app may take to answer the host (SEP-1865 `ui/initialize`) before the panel says so. */
export const START_WAIT_MS = 15_000;

/**
 * Said when an app has not connected to the host a while after it was opened: an app that loads
 * its code from the internet shows nothing useful when those origins are unreachable (offline, a
 * proxy, a firewall), and the person should know why rather than look at an empty frame.
 */
export function AppStartNote({ waiting, origins }: { waiting: boolean; origins: readonly string[] }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!waiting) return undefined;
    const timer = setTimeout(() => setLate(true), START_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  if (!waiting || !late) return null;
  const seconds = String(Math.round(START_WAIT_MS / 1000));
  return (
    <p className="note note-warn" role="status">
      This app did not start: it has not connected to Connected Services after {seconds} seconds.{' '}
      {origins.length > 0
        ? `It may load what it needs from ${origins.join(', ')}; if this computer cannot reach those (offline, a proxy or a firewall), it cannot start. What the app itself shows is in its frame.`
        : 'It may be stuck: close it and call the tool again, or tell the server’s maintainers.'}
    </p>
  );
}
