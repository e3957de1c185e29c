import { createHash } from 'node:crypto';
import { canonicalJson, codeLoadingEnv, type StdioServerConfig } from '../../shared/config';

/**
 * Identifies what a stdio entry would run, for approvals: command, args, the env NAMES (values may be
 * rotated secrets and don't change what runs) except the values of code-loading variables such as
 * NODE_OPTIONS or LD_PRELOAD (they do), and cwd when set (`node index.js` means another program in
 * another folder). Any change here makes the person approve again.
 */
export function commandFingerprint(config: Pick<StdioServerConfig, 'command' | 'args' | 'env' | 'cwd'>): string {
  const material: Record<string, unknown> = {
    v: 1,
    command: config.command,
    args: config.args ?? [],
    envNames: Object.keys(config.env ?? {}).sort(),
  };
  if (config.cwd !== undefined) material['cwd'] = config.cwd;
  // Only when set, so approvals of entries without them stay valid.
  const code = codeLoadingEnv(config.env);
  if (code.length > 0) material['codeEnv'] = code;
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}
