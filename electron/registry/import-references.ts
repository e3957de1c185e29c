import type { ImportSource } from '../../shared/api';
import { findTokenPlaceholders, isRecord } from '../../shared/config';
import { findReferences, type SecretReference } from '../../shared/vault';

/*
 * No other client writes `${secret:…}`, `${secretFile:…}` or `${secret:STORE:PATH}`: in a file an import
 * reads they can only name this app's vault or stores, which hold what the person kept for other
 * services, so the entry is skipped. `${env:NAME}` is Cursor's and VS Code's own syntax for an
 * environment variable, meaning there what it means here, and is kept; Claude Desktop and Claude Code
 * write `${NAME}` (passed through untouched), so from them `${env:…}` would newly read the environment.
 * `${token:SERVER}` hands a program another server's sign-in token and `${token}` its own entry's:
 * an import brings no sign-in (nor the "auth" block `${token}` needs), so both are skipped alike.
 */
const ENV_IS_NATIVE: ReadonlySet<ImportSource> = new Set<ImportSource>(['cursor', 'vscode']);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (isRecord(value)) return Object.values(value).flatMap(strings);
  return [];
}

function referencesIn(text: string): SecretReference[] {
  try {
    return findReferences(text);
  } catch {
    // An unterminated one reads nothing; the entry's validation says what is wrong with it.
    return [];
  }
}

function what(ref: SecretReference): string {
  if (ref.store !== undefined) return `the entry "${ref.name}" of your secret store "${ref.store}"`;
  if (ref.kind === 'env') return `the environment variable ${ref.name}`;
  return `your stored secret ${ref.name}`;
}

function notBrought(what: string, text: string): string {
  return `it reads ${what} (${text}), which this import did not bring: only secrets written in the entry itself are moved into the vault, for that server alone; if the reference is yours, add the server by hand with \`servers add\``;
}

/** Why an imported entry may not be taken as it is (it reads a secret the import did not bring), or undefined. */
export function foreignReference(entry: Record<string, unknown>, source: ImportSource): string | undefined {
  const texts = strings(['command', 'args', 'env', 'cwd', 'url', 'headers'].map((key) => entry[key]));
  for (const ref of texts.flatMap(referencesIn)) {
    if (ref.kind === 'env' && ref.store === undefined && ENV_IS_NATIVE.has(source)) continue;
    return notBrought(what(ref), ref.text);
  }
  const token = texts.flatMap(findTokenPlaceholders)[0];
  if (token !== undefined) return notBrought(token.server === undefined ? 'a sign-in token' : `the sign-in token of your server "${token.server}"`, token.text);
  return undefined;
}
