import { createTwoFilesPatch } from 'diff';
import { SECRET_NAME } from '../../../shared/redact';

export const HIDDEN = '<hidden>';

/**
 * A line as it may be shown: the token we write, any other bearer token and the values of
 * secret-named keys hidden; references (`${env:…}`, `${input:…}`) kept, they hold no secret.
 */
function hideLine(line: string, secrets: string[]): string {
  let out = line;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join(HIDDEN);
  out = out.replace(/(Bearer\s+)(?!\$\{)(?!<hidden>)[^\s"']+/g, `$1${HIDDEN}`);
  return out.replace(/("([^"\\]*)"\s*:\s*")((?:[^"\\]|\\.)*)(")/g, (whole, head: string, key: string, value: string, tail: string) =>
    SECRET_NAME.test(key) && value !== '' && !value.startsWith('${') && value !== HIDDEN ? `${head}${HIDDEN}${tail}` : whole,
  );
}

function hide(text: string, secrets: string[]): string {
  return text.split('\n').map((line) => hideLine(line, secrets)).join('\n');
}

/** `diff -u` of a client's file before and after, with every secret hidden. */
export function clientDiff(file: string, before: string | undefined, after: string, secrets: string[]): string {
  const patch = createTwoFilesPatch(before === undefined ? '/dev/null' : file, file, hide(before ?? '', secrets), hide(after, secrets), undefined, undefined, { context: 3 });
  // `diff -u` starts at `---`: the package's `Index:` and `===` lines go.
  return patch.slice(Math.max(0, patch.indexOf('--- ')));
}
