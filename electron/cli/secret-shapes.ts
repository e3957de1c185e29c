import { REDACTED } from '../../shared/redact';
import { hiddenArgument, hideSecrets, secretArguments } from '../../shared/config';
import { shellQuote } from '../pool';
import { shellWords } from './shell-words';

export { hideSecrets };

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
    const hidden = severalWords ? hideSecrets(word.value) : flags.has(index) ? hiddenArgument(word.value, flag) : word.value;
    if (hidden === word.value) return;
    shown += line.slice(from, word.start) + (PLAIN_SHOWN.test(hidden.split(REDACTED).join('')) ? hidden : shellQuote(hidden));
    from = word.end;
  });
  return shown + line.slice(from, commentAt) + hideSecrets(line.slice(commentAt));
}
