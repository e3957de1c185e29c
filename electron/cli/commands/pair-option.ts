import { looksLikeToken } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { secretHeaderNamed } from '../../../shared/text';

// `--header "Name: value"` and `--env NAME=VALUE` of `servers add` and `servers edit`.

/** Commander's collector for a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * The name a person meant: before the first `:` or `=`, or the first word when the text has a space
 * and neither (`Authorization Bearer x`): what follows may be a credential.
 */
function meantName(item: string): string {
  const text = item.trim();
  const end = /[\s:=]/.exec(text)?.index ?? text.length;
  const name = text.slice(0, end);
  // `--header "$TOKEN"`: the word is the credential itself, never a name to repeat.
  return looksLikeToken(name) ? '' : name;
}

/** What to type instead of a pair that is not one: the separator it needs, and where a credential goes; never the value. */
function pairHint(item: string, flag: string): string {
  const name = meantName(item);
  if (flag !== '--header') return `Write it as NAME=VALUE, e.g. --env API_KEY='\${secret:API_KEY}' (the value from the vault)`;
  const secret = secretHeaderNamed(name);
  const value = secret ? `${/authorization/i.test(name) ? 'Bearer ' : ''}\${secret:TOKEN}` : 'VALUE';
  // RFC 9110 §5.6.2: a field name is a token, so `=` in it is a separator typed in the colon's place.
  if (equalsFirst(item)) return `A header has a colon between its name and value: --header '${name || 'Name'}: ${value}'${secret ? ' (in single quotes: a shell replaces ${…} in double quotes or none)' : ''}`;
  if (secret) {
    return (
      `A credential stays in the vault: store it with \`connected-services secrets set TOKEN\` (asked without echo), then give --header '${name}: ${value}' ` +
      '(in single quotes: a shell replaces ${…} in double quotes or none); a service that signs in with OAuth needs no header: add it with --url only, then `connected-services connect NAME`'
    );
  }
  return `Give the header's value after a colon: --header '${name || 'Name'}: VALUE'`;
}

/** `Name=value` before any colon: the colon found later is one inside the value (`${secret:T}`). */
function equalsFirst(item: string): boolean {
  const equals = item.indexOf('=');
  const colon = item.indexOf(':');
  return equals >= 0 && (colon < 0 || equals < colon);
}

/** The item as the error shows it: its name alone when more was typed, which may be a secret. */
function shown(item: string): string {
  const name = meantName(item);
  if (name !== '' && name === item.trim()) return `"${item}"`;
  return name === '' ? 'a value with no name (not shown: it may be a secret)' : `"${name}…" (its value not shown)`;
}

/** `NAME<separator>VALUE` → [name, value], else invalid_input with what to type instead. */
export function optionPair(item: string, separator: RegExp, flag: string): [string, string] {
  const match = separator.exec(item);
  if (!match || match.index === 0 || (flag === '--header' && equalsFirst(item))) {
    throw new CodedError('invalid_input', `${flag} takes NAME${flag === '--header' ? ': ' : '='}VALUE, not ${shown(item)}`, { hint: pairHint(item, flag) });
  }
  return [item.slice(0, match.index).trim(), item.slice(match.index + match[0].length).trim()];
}
