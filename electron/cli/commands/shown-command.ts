import type { StdioServerConfig } from '../../../shared/config';
import { shellQuote } from '../../pool';

/** A stdio entry as a shell would read it, every variable it sets first (`REGION=eu npx -y …`): what was added, all of it. */
export function shownCommand(config: Pick<StdioServerConfig, 'command' | 'args' | 'env'>): string {
  const assignments = Object.entries(config.env ?? {}).map(([name, value]) => `${name}=${shellQuote(value)}`);
  return [...assignments, ...[config.command, ...(config.args ?? [])].map(shellQuote)].join(' ');
}
