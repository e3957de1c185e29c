import { codeLoadingEnv, type StdioServerConfig } from '../../shared/config';
import { escapeCodePoint, HIDDEN_CHAR } from '../../shared/text';

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

// Hidden characters are shown escaped so an approval prompt cannot be made to look like a different command.
function escapeHidden(char: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\', "'": "\\'" };
  return named[char] ?? escapeCodePoint(char);
}

/** POSIX shell quoting: plain words as they are, others in '…', invisible characters in bash $'…'. */
export function shellQuote(arg: string): string {
  if (arg === '') return "''";
  if (PLAIN.test(arg)) return arg;
  if (HIDDEN_CHAR.test(arg)) {
    return `$'${Array.from(arg, (c) => (HIDDEN_CHAR.test(c) || c === '\\' || c === "'" ? escapeHidden(c) : c)).join('')}'`;
  }
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

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
