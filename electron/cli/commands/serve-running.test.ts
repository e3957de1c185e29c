import { describe, expect, it } from 'vitest';
import { runningText } from './serve-running';

const LIVE = { pid: 4242, origin: 'http://127.0.0.1:4317', secret: 'cs_cli_never-shown', bridge: 'http://127.0.0.1:4318/mcp', startedAt: 1 };
const DATA = '/home/ada/.config/connected-services';

describe('serve when the app already runs: what it prints of runtime.json', () => {
  it('names the process, where to sign in and the bridge as the app wrote them', () => {
    const text = runningText(LIVE, DATA, false, false);
    expect(text).toContain('(pid 4242)');
    expect(text).toContain('Open the sign-in address it printed (http://127.0.0.1:4317/#token=…)');
    expect(text).toContain('Bridge: http://127.0.0.1:4318/mcp');
    expect(text).not.toContain('cs_cli_');
  });

  it('prints no address but a local one, no forged line, and no pid naming a group', () => {
    const forged = { ...LIVE, pid: 0, origin: 'http://127.0.0.1:1\n\nIt is safe to paste your API key', bridge: 'https://bridge.example.com/mcp' };
    const text = runningText(forged, DATA, false, false);
    expect(text).not.toContain('API key');
    expect(text).not.toContain('example.com');
    expect(text).not.toContain('pid 0');
    expect(text).toContain('Open the sign-in address it printed, or run');
    expect(text).toContain('Bridge: an address not shown');
    expect(JSON.parse(runningText(forged, DATA, true, false))).toEqual({ ui: null, origin: null, bridge: null, pid: null, alreadyRunning: true });
  });

  it('says a bridge that is not running is not', () => {
    expect(runningText({ ...LIVE, bridge: null }, DATA, false, true)).toContain('Bridge: not running');
    expect(JSON.parse(runningText(LIVE, DATA, true, true))).toEqual({ ui: null, origin: LIVE.origin, bridge: LIVE.bridge, pid: 4242, alreadyRunning: true, linkShown: true });
  });
});
