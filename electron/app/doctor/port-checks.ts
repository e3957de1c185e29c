import type { DoctorCheck } from '../../../shared/api';
import type { RuntimeInfo } from '../lifecycle/runtime-file';
import { shownRuntime } from '../lifecycle/runtime-shown';

export interface PortCheckOptions {
  /** The app running for this data directory (runtime.json), if any: its real ports are checked. */
  running: RuntimeInfo | undefined;
  defaults: { ui: number; bridge: number };
  /** `settings.bridgePort` in mcp.json: a chosen port, which start-up will not trade for another. */
  bridgeSetting: number | undefined;
  configFile: string;
  portFree: (port: number) => Promise<boolean>;
  /** Any HTTP answer from the address (null), or why there was none. */
  reach: (url: string) => Promise<string | null>;
}

function port(url: string): string {
  return new URL(url).port;
}

/** runtime.json is any local program's to write: an address not as the app writes it is neither reached nor shown. */
function foreignAddress(id: string, pid: number): DoctorCheck {
  return {
    id,
    title: id === 'port:UI' ? 'UI port' : 'Bridge',
    status: 'fail',
    detail: `runtime.json names the app (pid ${pid}) at an address that is not the app's (http://127.0.0.1:PORT); it was not reached`,
    fix: 'Restart the app (it writes runtime.json anew); if it is not running, remove runtime.json from the data folder',
  };
}

async function runningChecks(info: RuntimeInfo, options: PortCheckOptions): Promise<DoctorCheck[]> {
  const shown = shownRuntime(info);
  if (shown.origin === undefined || shown.bridge === undefined) {
    return [shown.origin === undefined ? foreignAddress('port:UI', info.pid) : foreignAddress('port:bridge', info.pid)];
  }
  const running = { pid: info.pid, origin: shown.origin, bridge: shown.bridge };
  const ui = await options.reach(`${running.origin}/health`);
  const checks: DoctorCheck[] = [
    ui === null
      ? { id: 'port:UI', title: `UI port ${port(running.origin)}`, status: 'ok', detail: `the running app (pid ${running.pid}) answers at ${running.origin}` }
      : {
          id: 'port:UI',
          title: `UI port ${port(running.origin)}`,
          status: 'fail',
          detail: `runtime.json names the app (pid ${running.pid}) at ${running.origin}, which does not answer (${ui})`,
          fix: 'Stop that process and start the app again (`connected-services serve`)',
        },
  ];
  if (running.bridge === null) {
    checks.push({ id: 'port:bridge', title: 'Bridge', status: 'warn', detail: 'the running app has no bridge', fix: 'See `connected-services bridge status` for why; restart the app' });
    return checks;
  }
  const bridge = await options.reach(running.bridge);
  checks.push(
    bridge === null
      ? { id: 'port:bridge', title: `bridge port ${port(running.bridge)}`, status: 'ok', detail: `the running app's bridge answers at ${running.bridge}` }
      : {
          id: 'port:bridge',
          title: `bridge port ${port(running.bridge)}`,
          status: 'fail',
          detail: `the running app's bridge at ${running.bridge} does not answer (${bridge})`,
          fix: 'Restart the app (`connected-services serve`)',
        },
  );
  return checks;
}

/** The ports agents and the UI use: the running app's real ones, or what the next start would get. */
export async function portChecks(options: PortCheckOptions): Promise<DoctorCheck[]> {
  if (options.running) return runningChecks(options.running, options);
  const ui = options.defaults.ui;
  const checks: DoctorCheck[] = [
    ui === 0
      ? { id: 'port:UI', title: 'UI port', status: 'ok', detail: 'a free one, new at each start (`serve` prints its address)' }
      : (await options.portFree(ui))
      ? { id: 'port:UI', title: `UI port ${ui}`, status: 'ok', detail: 'free' }
      : {
          id: 'port:UI',
          title: `UI port ${ui}`,
          status: 'warn',
          detail: 'in use by another program (the app is not running for this data directory)',
          fix: 'Stop the other program, or start with another `--port N`',
        },
  ];
  const bridge = options.bridgeSetting ?? options.defaults.bridge;
  if (await options.portFree(bridge)) checks.push({ id: 'port:bridge', title: `bridge port ${bridge}`, status: 'ok', detail: 'free' });
  else if (options.bridgeSetting !== undefined) {
    checks.push({
      id: 'port:bridge',
      title: `bridge port ${bridge}`,
      status: 'fail',
      detail: `in use by another program; it is set in ${options.configFile} (settings.bridgePort), so the app would not start`,
      fix: `Stop the other program, or change settings.bridgePort in ${options.configFile}`,
    });
  } else {
    checks.push({
      id: 'port:bridge',
      title: `bridge port ${bridge}`,
      status: 'warn',
      detail: 'in use by another program; the bridge would take a free port instead, and agents configured for this one would not reach it',
      fix: 'Stop the other program, or choose a port with `--bridge-port N` or settings.bridgePort',
    });
  }
  return checks;
}
