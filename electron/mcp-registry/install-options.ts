import { CodedError } from '../../shared/errors';
import type { InputAsk } from './install-inputs';
import { planInstall, type InstallChoice } from './install-plan';
import type { ServerDetail } from './server-json';
import { shownDigest } from './shown-digest';

export interface InstallOption {
  choice: InstallChoice;
  label: string;
  /** shown-digest.ts: sent back with the install, which is refused if the entry changed since. */
  digest: string;
  inputs: InputAsk[];
  problem?: string;
  /** A remote's address as the entry lists it (the form warns when it is not encrypted). */
  url?: string;
}

/** The vault name of a secret input: `NAME_KEY` (docs/configuration.md, "Installing a registry entry"). */
export function installSecretName(server: string): (key: string) => string {
  return (key) => `${server}_${key}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 128);
}

type Package = NonNullable<ServerDetail['packages']>[number];
type Remote = NonNullable<ServerDetail['remotes']>[number];
const packageLabel = (p: Package): string => `${p.registryType} ${p.identifier}${p.version !== undefined ? ` ${p.version}` : ''}`;
const remoteLabel = (r: Remote): string => `remote ${r.url}${r.type === 'sse' ? ' (SSE)' : ''}`;

/** What the install form shows for one package or remote (`npm @scope/pkg 1.2.3`, `remote https://…`); undefined when the entry has no such one. */
export function choiceLabel(server: ServerDetail, choice: InstallChoice): string | undefined {
  if ('package' in choice) {
    const found = server.packages?.[choice.package];
    return found === undefined ? undefined : packageLabel(found);
  }
  const found = server.remotes?.[choice.remote];
  return found === undefined ? undefined : remoteLabel(found);
}

/** Every package and remote of an entry with the inputs it asks for, planned as an install would be. */
export function installOptions(server: ServerDetail): InstallOption[] {
  const choices: Array<{ choice: InstallChoice; label: string; url?: string }> = [
    ...(server.packages ?? []).map((p, i) => ({ choice: { package: i }, label: packageLabel(p) })),
    ...(server.remotes ?? []).map((r, i) => ({ choice: { remote: i }, label: remoteLabel(r), url: r.url })),
  ];
  return choices.map(({ choice, label, url }) => {
    const digest = shownDigest(server, choice) ?? '';
    const shown = { choice, label, digest, ...(url !== undefined ? { url } : {}) };
    try {
      return { ...shown, inputs: planInstall(server, choice, {}, installSecretName('server')).asked };
    } catch (error) {
      return { ...shown, inputs: [], problem: error instanceof CodedError ? error.message : String(error) };
    }
  });
}
