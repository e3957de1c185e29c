import type { AddServiceResult, AppApi } from '../../../shared/api';
import type { ServerPlan } from '../../../shared/catalog';

/** One call of the transaction: the dry run (what the approval shows), then the approved one. */
export type ConnectCall = { dryRun: true } | { approve?: { commandLine: string } };

/** What the one-step sheet connects: a catalog plan, or a registry entry the core derives. */
export interface ConnectTarget {
  name: string;
  /** Reached at an address, where its secrets are sent; else a program run on this computer. */
  remote: boolean;
  /** What the person typed that goes into the vault for it, by name. */
  secretNames: string[];
  /** addService (or installRegistryEntry, which runs it) with this service's inputs. */
  run: (call: ConnectCall) => Promise<AddServiceResult>;
}

/** The catalog's and the custom form's plan: its config and secrets as the person gave them. */
export function planTarget(api: AppApi, plan: ServerPlan): ConnectTarget {
  return {
    name: plan.name,
    remote: plan.config.type === 'http',
    secretNames: plan.secrets.map((s) => s.name),
    run: (call) =>
      'dryRun' in call
        ? api.addService({ name: plan.name, config: plan.config, dryRun: true })
        : api.addService({ name: plan.name, config: plan.config, ...(plan.secrets.length > 0 ? { secrets: plan.secrets } : {}), ...(call.approve !== undefined ? { approve: call.approve } : {}) }),
  };
}

/** A registry entry: the core derives it (a bundle verified) at each call, from the same inputs. */
export function registryTarget(api: AppApi, install: Omit<Parameters<AppApi['installRegistryEntry']>[0], 'approve' | 'dryRun' | 'connect' | 'flow'>, remote: boolean, secretNames: string[]): ConnectTarget {
  return {
    name: install.server,
    remote,
    secretNames,
    run: (call) => api.installRegistryEntry({ ...install, ...call }),
  };
}
