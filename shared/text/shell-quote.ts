import { escapeCodePoint, HIDDEN_CHAR } from './hidden-chars';

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
