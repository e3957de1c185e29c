import { argumentSecretsWarning, secretsInArguments, type ServerConfig } from '../../../shared/config';
import type { Output } from '../output';

/** Says on stderr that a secret written into a program's arguments is readable by every account on the computer. */
export function warnIfArgumentSecrets(output: Output, config: ServerConfig): void {
  const refs = secretsInArguments(config);
  if (refs.length > 0) output.err(`warning: ${argumentSecretsWarning(refs)}`);
}
