import { API_METHODS, type ApiInput, type ApiMethod, type AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import type { Core } from '../app';
import type { RunningApp } from './running-app';

function absent(member: string): never {
  // A command that reaches past the App API while an app runs would act on a second copy of the state.
  throw new CodedError('internal', `This command used core.${member}, which only a command's own core has; while an app runs it must use the App API`);
}

/**
 * The App API of the app running for this data directory, whole: reads and narrowing changes act
 * there directly, widenings wait for the person there (its door decides, caller `cli`). Events are the
 * UI's (the app refuses the command line its event stream), so `on` hears nothing.
 */
export function runningAppApi(app: RunningApp): AppApi {
  const out: Record<string, unknown> = { on: () => () => undefined };
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    out[method] = (input: ApiInput<typeof method>) => app.call(method, input);
  }
  return out as unknown as AppApi;
}

/**
 * What a CLI command gets as its core while an app runs: the app's App API and nothing of its own
 * (no registry, vault or pool opened here), so every answer is the app's and no server is started
 * twice. The members only a process's own core has throw when read.
 */
export function runningAppCore(app: RunningApp): Core {
  return {
    api: runningAppApi(app),
    bridge: undefined,
    confirmations: undefined,
    asks: undefined,
    get door(): Core['door'] {
      return absent('door');
    },
    get registry(): Core['registry'] {
      return absent('registry');
    },
    get pool(): Core['pool'] {
      return absent('pool');
    },
    get vault(): Core['vault'] {
      return absent('vault');
    },
    get auth(): Core['auth'] {
      return absent('auth');
    },
    get signIns(): Core['signIns'] {
      return absent('signIns');
    },
    get apps(): Core['apps'] {
      return absent('apps');
    },
    close: () => Promise.resolve(),
  };
}
