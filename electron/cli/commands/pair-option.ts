import { CodedError } from '../../../shared/errors';
import { secretHeaderNamed } from '../../../shared/text';

// `--header "Name: value"` and `--env NAME=VALUE` of `servers add` and `servers edit`.

/** Commander's collector for a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** What to type instead of a pair that is not one: the separator it needs, and where a credential goes. */
function pairHint(item: string, flag: string): string {
  const name = item.split(/[:=]/)[0]?.trim() ?? '';
  if (flag !== '--header') return `Write it as NAME=VALUE, e.g. --env API_KEY='\${secret:API_KEY}' (the value from the vault)`;
  if (secretHeaderNamed(name)) {
    const scheme = /authorization/i.test(name) ? 'Bearer ' : '';
    return (
      `A credential stays in the vault: store it with \`connected-services secrets set TOKEN\` (asked without echo), then give --header '${name}: ${scheme}\${secret:TOKEN}' ` +
      '(in single quotes: a shell replaces ${…} in double quotes or none); a service that signs in with OAuth needs no header: add it with --url only, then `connected-services connect NAME`'
    );
  }
  return item.includes('=') ? `A header has a colon between its name and value: --header '${name}: VALUE'` : `Give the header's value after a colon: --header '${name || 'Name'}: VALUE'`;
}

/** `NAME<separator>VALUE` → [name, value], else invalid_input with what to type instead. */
export function optionPair(item: string, separator: RegExp, flag: string): [string, string] {
  const match = separator.exec(item);
  if (!match || match.index === 0) throw new CodedError('invalid_input', `${flag} takes NAME${flag === '--header' ? ': ' : '='}VALUE, not "${item}"`, { hint: pairHint(item, flag) });
  return [item.slice(0, match.index).trim(), item.slice(match.index + match[0].length).trim()];
}
