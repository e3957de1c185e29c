import { createHash } from 'node:crypto';
import { CODE_LOADING_ENV, canonicalJson, codeLoadingEnv, type StdioServerConfig } from '../../shared/config';

/**
 * The fingerprint approvals.json version 1 stored: command, args, cwd, env names and the values of
 * the code-loading variables only. Kept to carry old approvals over, never to make new ones.
 */
export function legacyFingerprint(config: Pick<StdioServerConfig, 'command' | 'args' | 'env' | 'cwd'>): string {
  const material: Record<string, unknown> = {
    v: 1,
    command: config.command,
    args: config.args ?? [],
    envNames: Object.keys(config.env ?? {}).sort(),
  };
  if (config.cwd !== undefined) material['cwd'] = config.cwd;
  const code = codeLoadingEnv(config.env);
  if (code.length > 0) material['codeEnv'] = code;
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

/**
 * Whether a version-1 approval saw the whole entry: only when every variable it sets is a code-loading
 * one, whose value that fingerprint held. Any other value was never approved, so it is asked again.
 */
export function legacyCoversEntry(config: Pick<StdioServerConfig, 'env'>): boolean {
  return Object.keys(config.env ?? {}).every((name) => CODE_LOADING_ENV.has(name));
}
