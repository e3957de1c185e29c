import { createHash } from 'node:crypto';
import { canonicalJson, type StdioServerConfig } from '../../shared/config';

/** Fields that never change what a stdio entry runs; every other field counts, one added later too. */
const NOT_RUN_FIELDS: ReadonlySet<string> = new Set(['type', 'description', 'enabled', 'timeoutMs', 'startupTimeoutMs', 'tools', 'auth']);

/**
 * Identifies what a stdio entry runs, for approvals: the command, its arguments, its folder and
 * every environment variable with its value as written (`${secret:…}` and `${env:…}` unresolved, so
 * a rotated secret is the same approval, another reference is not). Any environment value can
 * decide what runs (`PYTHONUSERBASE` pointing at an `evil.pth`), so none is left out.
 */
export function commandFingerprint(config: StdioServerConfig): string {
  const material: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) if (!NOT_RUN_FIELDS.has(key)) material[key] = value;
  material['v'] = 2;
  material['args'] = config.args ?? [];
  material['env'] = config.env ?? {};
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}
