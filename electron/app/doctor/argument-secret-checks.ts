import type { DoctorCheck } from '../../../shared/api';
import { argumentSecretsWarning, secretsInArguments, type ServerConfig } from '../../../shared/config';

/** A warning per entry whose secrets reach its program's command line, readable by every account on the computer. */
export function argumentSecretChecks(servers: Record<string, ServerConfig>): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  for (const [server, config] of Object.entries(servers)) {
    const refs = secretsInArguments(config);
    if (refs.length === 0) continue;
    checks.push({
      id: `argument-secrets:${server}`,
      title: `Secrets in the command line of ${server}`,
      status: 'warn',
      detail: argumentSecretsWarning(refs),
      fix: `if ${server} can read it from an environment variable, move it from "args" to "env": connected-services servers edit ${server} --env 'VARIABLE=${refs[0] ?? ''}' -- the command without it`,
    });
  }
  return checks;
}
