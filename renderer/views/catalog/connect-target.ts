import type { AddServiceResult, AppApi, InstallInput } from '../../../shared/api';
import type { ServerPlan } from '../../../shared/catalog';

/** One call of the transaction: the dry run (what the approval shows), then the approved one. */
export type ConnectCall = { dryRun: true } | { approve?: { commandLine: string } };

/** What the one-step sheet connects: a catalog plan, or a registry entry the core derives. */
export interface ConnectTarget {
  name: string;
  /** Reached at an address, where its secrets are sent; else a program run on this computer. */
  remote: boolean;
  /** A remote's address, shown on the sheet even when it needs no approval (with a clear-text warning when plain http). */
  url?: string;
  /** What the person typed that goes into the vault for it, by name. */
  secretNames: string[];
  /**
   * How it signs in, as far as its entry says before it starts: `key` (an API key given now), `none`
   * (a program with no sign-in), `sign-in` (a sign-in it names); undefined: known once it answers (an
   * address may ask for a sign-in, a registry's package may need none).
   */
  signIn?: 'key' | 'none' | 'sign-in';
  /** addService (or installRegistryEntry, which runs it) with this service's inputs. */
  run: (call: ConnectCall) => Promise<AddServiceResult>;
}

function signInOf(config: ServerPlan['config']): Pick<ConnectTarget, 'signIn'> {
  const type = config.auth?.type;
  if (type === 'api_key') return { signIn: 'key' };
  if (type !== undefined && type !== 'none') return { signIn: 'sign-in' };
  // An address with no sign-in named may still ask for one when it answers.
  return config.type === 'http' ? {} : { signIn: 'none' };
}

/** The catalog's and the custom form's plan: its config and secrets as the person gave them. */
export function planTarget(api: AppApi, plan: ServerPlan): ConnectTarget {
  return {
    name: plan.name,
    remote: plan.config.type === 'http',
    ...(plan.config.type === 'http' ? { url: plan.config.url } : {}),
    secretNames: plan.secrets.map((s) => s.name),
    ...signInOf(plan.config),
    run: (call) =>
      'dryRun' in call
        ? api.addService({ name: plan.name, config: plan.config, dryRun: true })
        : api.addService({ name: plan.name, config: plan.config, ...(plan.secrets.length > 0 ? { secrets: plan.secrets } : {}), ...(call.approve !== undefined ? { approve: call.approve } : {}) }),
  };
}

/** A registry entry: the core derives it (a bundle verified) at each call, from the same inputs. */
export function registryTarget(api: AppApi, install: Omit<Parameters<AppApi['installRegistryEntry']>[0], 'approve' | 'dryRun' | 'connect' | 'flow'>, remote: boolean, secretNames: string[], url?: string): ConnectTarget {
  return {
    name: install.server,
    remote,
    ...(url !== undefined ? { url } : {}),
    secretNames,
    run: (call) => api.installRegistryEntry({ ...install, ...call }),
  };
}

/**
 * A registry remote's address with its `{variable}`s filled from the form, as the core fills them
 * (server.json `url` and `variables`); a secret one, or one the form does not ask, stays `{name}`.
 */
export function filledAddress(url: string, asked: readonly InstallInput[], given: Readonly<Record<string, string>>): string {
  return url.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) => {
    const input = asked.find((a) => a.key === name);
    const value = Object.hasOwn(given, name) ? given[name] : undefined;
    return input === undefined || input.isSecret || value === undefined ? whole : value;
  });
}
