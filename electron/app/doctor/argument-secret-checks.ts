import type { DoctorCheck } from '../../../shared/api';
import { argumentSecretsWarning, secretsInArguments, type ServerConfig } from '../../../shared/config';
import { CODE_ENTRY, type FromCode } from './code-entry';

/** A warning per entry whose secrets reach its program's command line, readable by every account on the computer. */
export function argumentSecretChecks(servers: Record<string, ServerConfig>, fromCode?: FromCode): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  for (const [server, config] of Object.entries(servers)) {
    const refs = secretsInArguments(config);
    if (refs.length === 0) continue;
    const move = `if ${server} can read it from an environment variable, move it from "args" to "env"`;
    checks.push({
      id: `argument-secrets:${server}`,
      title: `Secrets in the command line of ${server}`,
      status: 'warn',
      detail: argumentSecretsWarning(refs),
      // A server declared in code is edited there: the command line refuses to (registry/code-servers.ts).
      fix: fromCode?.(server) === true ? `${move} in ${CODE_ENTRY}` : `${move}: connected-services servers edit ${server} --env 'VARIABLE=${refs[0] ?? ''}' -- the command without it`,
    });
  }
  return checks;
}
