/**
 * Says which origins on this computer or the local network an app declared but was not let reach: only
 * a local server's app may reach them, and no app the product's own ports (the web UI, the bridge).
 */
export function AppDroppedNote({ dropped }: { dropped: readonly string[] }) {
  if (dropped.length === 0) return null;
  return (
    <p className="note" role="status">
      This app asked to reach {dropped.join(', ')} on this computer or your local network; that was left out, since its server does not run here (or those are Connected Services’ own
      ports). If the app needs them, it may not work fully.
    </p>
  );
}
