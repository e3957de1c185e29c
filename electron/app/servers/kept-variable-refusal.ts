import { describeIssues } from '../../../shared/api';
import { storePasswordIssues, storePasswordVariables, type ServerConfig, type Settings } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';

/**
 * Refuses an entry whose `${env:…}` names the variable a configured KeePassXC store reads its
 * password from (passwordEnv), when it is added or edited, as the product's own variables are
 * refused: written anyway, the whole entry would be skipped when mcp.json is next read.
 */
export function refuseKeptVariables(config: ServerConfig, settings: Settings | undefined): void {
  const issues = storePasswordIssues(config, storePasswordVariables(settings));
  if (issues.length === 0) return;
  throw new CodedError('invalid_input', `Invalid server: ${describeIssues(issues)}`, {
    hint: 'Name another variable in ${env:…}, or store the value with `connected-services secrets set NAME` and write ${secret:NAME}.',
  });
}
