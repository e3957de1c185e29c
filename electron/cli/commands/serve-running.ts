import { shownRuntime, type RuntimeInfo } from '../../app';

/**
 * A second start for the same data directory is not an error: it says where the running app is. The
 * web UI's sign-in secret is never on disk (runtime.json holds only the command line's credential,
 * whose widenings wait for the person), so a new address is shown where the running serve prints.
 * runtime.json is read, not trusted (shownRuntime): what is not as the app writes it is not printed,
 * and is `null` in the JSON line.
 */
export function runningText(info: RuntimeInfo, dataDir: string, json: boolean, linkShown: boolean): string {
  const { pid, origin, bridge } = shownRuntime(info);
  if (json) return `${JSON.stringify({ ui: null, origin: origin ?? null, bridge: bridge ?? null, pid: pid ?? null, alreadyRunning: true, ...(linkShown ? { linkShown } : {}) })}\n`;
  const open = origin === undefined ? 'Open the sign-in address it printed' : `Open the sign-in address it printed (${origin}/#token=…)`;
  return (
    `Connected Services is already running for this data directory (${pid === undefined ? 'its process is not named in a usable form' : `pid ${String(pid)}`}).\n` +
    (linkShown
      ? `  A new sign-in address is printed where it runs (the terminal of its serve); it works once, within 10 minutes.\n`
      : `  ${open}, or run \`connected-services serve --ui-link\` for a new one printed there.\n`) +
    `  Bridge: ${bridge === null ? 'not running' : (bridge ?? 'an address not shown (runtime.json names no local one)')}\n  Data:   ${dataDir}\n`
  );
}
