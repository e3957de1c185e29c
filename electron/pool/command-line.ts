import { codeLoadingEnv, type StdioServerConfig } from '../../shared/config';
import { shellQuote } from '../../shared/text';

export { shellQuote };

/**
 * The exact, untruncated command line a stdio server runs, for approval prompts and status: its
 * folder when set (`node index.js` elsewhere is another program) and the code-loading variables it
 * sets (`NODE_OPTIONS=…`), which change what runs, as a shell would read them.
 */
export function commandLineOf(config: Pick<StdioServerConfig, 'command' | 'args' | 'env' | 'cwd'>): string {
  const assignments = codeLoadingEnv(config.env).map(([name, value]) => `${name}=${shellQuote(value)}`);
  const line = [...assignments, ...[config.command, ...(config.args ?? [])].map(shellQuote)].join(' ');
  return config.cwd === undefined ? line : `cd ${shellQuote(config.cwd)} && ${line}`;
}
