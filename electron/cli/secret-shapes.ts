import { REDACTED } from '../../shared/redact';
import { secretArguments, secretInQuery } from '../../shared/config';
import { shellQuote } from '../pool';
import { shellWords } from './shell-words';

/** A secret argument's word as shown: the flag kept (`--token=[redacted]`), a URL's secret parts hidden, else all of it. */
function hiddenWord(word: string, flag: string | undefined): string {
  return flag !== undefined && word.startsWith(`${flag}=`) ? `${flag}=${REDACTED}` : URL.canParse(word) ? hideInUrl(word) : REDACTED;
}

/**
 * A URL (or an HTTP entry's line) as `servers list` prints it, with what `servers add` would refuse
 * hidden: an `mcp.json` written by hand or before these checks may hold them (the output's redaction
 * knows `api-key=…` and `?token=…`, not `--api-key sk-…`).
 */
export function hideSecrets(text: string): string {
  const words = text.split(' ');
  for (const { index, flag } of secretArguments(words)) words[index] = hiddenWord(words[index] ?? '', flag);
  return words.join(' ');
}

/** `[redacted]` and plain characters stand unquoted, as the rest of a shown line does. */
const PLAIN_SHOWN = /^[A-Za-z0-9_@%+=:,./-]*$/;

/**
 * A stdio server's command line as `servers list` prints it (`hideSecrets`), read as the shell words
 * it is: each argument is judged by its value, and a secret one is replaced whole with its quotes,
 * so none is left open (`'node --api-key=[redacted]`) and none hides inside one (`'--api-key='\''sk-…'`).
 */
export function hideCommandSecrets(line: string): string {
  const parsed = shellWords(line);
  if (parsed === undefined) return hideSecrets(line);
  const { words, commentAt } = parsed;
  const flags = new Map(secretArguments(words.map((word) => word.value)).map(({ index, flag }) => [index, flag]));
  let shown = '';
  let from = 0;
  words.forEach((word, index) => {
    // A word of several (a whole command in `command`) is read word by word, as a person reads it.
    const flag = flags.get(index);
    const severalWords = flag === undefined && /\s/.test(word.value);
    const hidden = severalWords ? hideSecrets(word.value) : flags.has(index) ? hiddenWord(word.value, flag) : word.value;
    if (hidden === word.value) return;
    shown += line.slice(from, word.start) + (PLAIN_SHOWN.test(hidden.split(REDACTED).join('')) ? hidden : shellQuote(hidden));
    from = word.end;
  });
  return shown + line.slice(from, commentAt) + hideSecrets(line.slice(commentAt));
}

function hideInUrl(text: string): string {
  const url = new URL(text);
  if (url.password !== '') url.password = REDACTED;
  for (const [name, value] of [...url.searchParams]) if (secretInQuery(`http://x/?${new URLSearchParams({ [name]: value }).toString()}`) !== undefined) url.searchParams.set(name, REDACTED);
  return url.toString();
}
