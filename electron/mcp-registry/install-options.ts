import { CodedError } from '../../shared/errors';
import type { InputAsk } from './install-inputs';
import { planInstall, type InstallChoice } from './install-plan';
import type { ServerDetail } from './server-json';

export interface InstallOption {
  choice: InstallChoice;
  label: string;
  inputs: InputAsk[];
  problem?: string;
}

/** The vault name of a secret input: `NAME_KEY` (docs/configuration.md, "Installing a registry entry"). */
export function installSecretName(server: string): (key: string) => string {
  return (key) => `${server}_${key}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 128);
}

/** Every package and remote of an entry with the inputs it asks for, planned as an install would be. */
export function installOptions(server: ServerDetail): InstallOption[] {
  const choices: Array<{ choice: InstallChoice; label: string }> = [
    ...(server.packages ?? []).map((p, i) => ({ choice: { package: i }, label: `${p.registryType} ${p.identifier}${p.version !== undefined ? ` ${p.version}` : ''}` })),
    ...(server.remotes ?? []).map((r, i) => ({ choice: { remote: i }, label: `remote ${r.url}${r.type === 'sse' ? ' (SSE)' : ''}` })),
  ];
  return choices.map(({ choice, label }) => {
    try {
      return { choice, label, inputs: planInstall(server, choice, {}, installSecretName('server')).asked };
    } catch (error) {
      return { choice, label, inputs: [], problem: error instanceof CodedError ? error.message : String(error) };
    }
  });
}
