import type { ServerConfig } from '../../../shared/config';
import { missingPaths } from '../../app';
import type { Output } from '../output';

/**
 * Says on stderr what the entry names that is not there (missing-paths.ts). Added anyway: it may be
 * installed after; but a typo would otherwise show only when the server fails to start.
 */
export function noteMissingPaths(output: Output, config: ServerConfig): void {
  for (const { note, doctorChecks } of missingPaths(config)) output.err(`note: ${note}${doctorChecks ? ' (`connected-services doctor` checks it)' : ''}`);
}
