import { API_METHODS, parseApiInput, type ApiInput, type ApiMethod, type AppApi, type Caller } from '../../shared/api';
import { powerOf, readRuntimeFile, refuseAppStartedSince, type Core } from '../app';
import { connectRunningApp } from './running-app';

/**
 * The App API of a command's own core (cli/context.ts: with no app running, or a command that must act
 * here; otherwise the whole App API is the app's, cli/app-core.ts). While an app runs, a widening is asked
 * of that app with the command line's credential (it waits there for the person: exit 4); reads and
 * narrowing changes run here, logged as `cli`. With no app running the command acts for whoever runs
 * it, as before, and its widenings are logged `cli-offline` for review when the app next starts; once an
 * app has started since, they are refused (its person confirms them).
 */
export async function commandLineApi(core: Core, dataDir: string): Promise<AppApi> {
  // Read once: a file replaced or removed in between would otherwise be a different answer.
  const info = await readRuntimeFile(dataDir);
  const running = info ? await connectRunningApp(dataDir, info) : undefined;
  const caller: Caller = running ? 'cli' : 'cli-offline';
  const from = { caller, pid: process.pid };
  const agent = async (name: string) => (await core.door.call(from, 'listAgents', {})).find((a) => a.name === name);
  const sessionSettings = () => core.door.call(from, 'sessionSettings', {});
  const out: Record<string, unknown> = { on: core.api.on.bind(core.api) };
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    out[method] = async (given: ApiInput<typeof method>) => {
      // Checked here as by the app's transports: a command's own core gets nothing unchecked either.
      const input = parseApiInput(method, given);
      if (running) {
        const power = await powerOf(method, input, { agent, sessionSettings });
        if (power === 'widening' || power === 'person') return running.call(method, input);
      } else if ((await powerOf(method, input, { agent, sessionSettings })) === 'widening') {
        // Opened with no app, perhaps long ago (a program's library): an app started since decides widenings.
        await refuseAppStartedSince(dataDir);
      }
      return core.door.call(from, method, input);
    };
  }
  return out as unknown as AppApi;
}
