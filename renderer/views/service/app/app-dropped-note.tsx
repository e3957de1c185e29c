/**
 * Says which origins on this computer or the local network an app declared but was not let reach: only
 * a local server's app may reach them, and no app the product's own ports (the web UI, the bridge).
 */
export function AppDroppedNote({ dropped }: { dropped: readonly string[] }) {
  if (dropped.length === 0) return null;
  return (
    <p className="note" role="status">
      This app asked to reach {dropped.join(', ')} on this computer or your local network, and was kept from them: an app may reach such addresses only when
      its service runs there too, and no app may reach Connected Services’ own ports. Parts of the app that need them may not work; if they matter, run the service on
      this computer or your network.
    </p>
  );
}
