import { createHash } from 'node:crypto';
import { canonicalJson, type StdioServerConfig } from '../../shared/config';

/** The code-loading variables as version 1 listed them: its fingerprints hold these values, no others. */
const V1_CODE_ENV: ReadonlySet<string> = new Set([
  'NODE_OPTIONS', 'NODE_PATH', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH', 'DYLD_FRAMEWORK_PATH', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PERL5OPT',
  'PERL5LIB', 'RUBYOPT', 'RUBYLIB', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'BASH_ENV',
  'ENV', 'PATH',
]);

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
  const code = Object.entries(config.env ?? {})
    .filter(([name]) => V1_CODE_ENV.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (code.length > 0) material['codeEnv'] = code;
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

/**
 * Whether a version-1 approval saw the whole entry: only when every variable it sets is a code-loading
 * one, whose value that fingerprint held. Any other value was never approved, so it is asked again.
 */
export function legacyCoversEntry(config: Pick<StdioServerConfig, 'env'>): boolean {
  return Object.keys(config.env ?? {}).every((name) => V1_CODE_ENV.has(name));
}
