import type { CommandStoreConfig } from '../../shared/config';
import { STORE_PATH_PLACEHOLDER } from '../../shared/config';
import { runStoreProgram, type StoreProgramOptions } from './run-store-program';
import { firstLine, healthOf, programName, READ_ONLY, storeUnavailable, type SecretStore } from './secret-store';
import { storeEnv } from './store-env';

export type StoreApproval = 'approved' | 'pending';

export interface CommandStoreOptions extends StoreProgramOptions {
  config: CommandStoreConfig;
  /** Whether the person approved this exact command line (registry approvals, like a server's command). */
  approval: (name: string, config: CommandStoreConfig) => StoreApproval;
}

function shellWord(part: string): string {
  return /^[\w@%+=:,./{}-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`;
}

/** The command line as the person approves it: `{path}` left as written. */
export function commandStoreLine(config: CommandStoreConfig): string {
  return [config.command, ...(config.args ?? [])].map(shellWord).join(' ');
}

/**
 * Any password manager with a command line (`op read …`, `bw get password …`, `gopass show -o …`): a
 * program that prints one secret, run without a shell, `{path}` in its arguments replaced by the
 * reference's path. It runs only once the person approved its exact command line; what it prints,
 * less one final newline, is the secret.
 */
export function createCommandStore(options: CommandStoreOptions): SecretStore {
  const { name, config } = options;
  const env = storeEnv(options.env);
  const hint = `Review it, then run \`connected-services secrets stores approve ${name}\`.`;
  // get()'s error reaches the person (status, Access page, `doctor`) whole, and agents (a call's error)
  // as data.agentMessage only: the command line, its folders and arguments (accounts, vault names), is
  // text the config's author wrote, the person's to review and never an agent's to read.
  const waiting = () =>
    storeUnavailable(name, `runs \`${commandStoreLine(config)}\`, which waits for your approval`, hint, `The secret store "${name}" waits for the person's approval.`);

  return {
    name,
    type: 'command',
    abilities: READ_ONLY,
    async get(path) {
      if (options.approval(name, config) !== 'approved') throw waiting();
      const args = (config.args ?? []).map((arg) => arg.split(STORE_PATH_PLACEHOLDER).join(path));
      const result = await runStoreProgram(config.command, args, { store: name, env, spawn: options.spawn, runs: options.runs, timeoutMs: config.timeoutMs });
      if (result.code !== 0) {
        const why = firstLine(result.stderr, config.command) || `exited with code ${result.code ?? '?'}`;
        throw storeUnavailable(name, `could not give "${path}" (${why})`, `Sign in or unlock ${programName(config.command)} in a terminal, then connect the server again.`);
      }
      const value = result.stdout.replace(/\r?\n$/, '');
      return value === '' ? undefined : value;
    },
    health: () =>
      healthOf(() => {
        if (options.approval(name, config) !== 'approved') return Promise.reject(waiting());
        return Promise.resolve(`runs \`${commandStoreLine(config)}\` (approved)`);
      }),
  };
}
