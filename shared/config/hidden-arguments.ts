import { REDACTED } from '../redact';
import { secretArguments } from './credential-flags';
import { secretInQuery } from './secret-shapes';

function hideInUrl(text: string): string {
  const url = new URL(text);
  if (url.password !== '') url.password = REDACTED;
  for (const [name, value] of [...url.searchParams]) if (secretInQuery(`http://x/?${new URLSearchParams({ [name]: value }).toString()}`) !== undefined) url.searchParams.set(name, REDACTED);
  return url.toString();
}

/** A secret argument's word as shown: the flag kept (`--token=[redacted]`), a URL's secret parts hidden, else all of it. */
export function hiddenArgument(word: string, flag: string | undefined): string {
  return flag !== undefined && word.startsWith(`${flag}=`) ? `${flag}=${REDACTED}` : URL.canParse(word) ? hideInUrl(word) : REDACTED;
}

/**
 * Command arguments as people may see them (`servers list`, the admin log, a summary line): what
 * `servers add` would refuse as a secret in clear hidden, as the output's redaction knows `api-key=…`
 * and `?token=…`, not `--api-key sk-…`.
 */
export function hideArgumentSecrets(args: readonly string[]): string[] {
  const words = [...args];
  for (const { index, flag } of secretArguments(words)) words[index] = hiddenArgument(words[index] ?? '', flag);
  return words;
}

/** `hideArgumentSecrets` over a line read as words split at spaces. */
export function hideSecrets(text: string): string {
  return hideArgumentSecrets(text.split(' ')).join(' ');
}
