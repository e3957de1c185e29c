import { secretInQuery } from './secret-shapes';

/*
 * A URL's query parameters that hold a secret in clear (`?api_key=…`), read and rewritten on the raw
 * text: URLSearchParams would write a `${secret:…}` put in their place percent-encoded, which is no
 * longer a reference.
 */

interface RawQuery {
  before: string;
  pairs: string[];
  after: string;
}

function rawQuery(url: string): RawQuery | undefined {
  const hash = url.indexOf('#');
  const end = hash < 0 ? url.length : hash;
  const question = url.indexOf('?');
  if (question < 0 || question > end) return undefined;
  return { before: url.slice(0, question + 1), pairs: url.slice(question + 1, end).split('&'), after: url.slice(end) };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function split(pair: string): { name: string; value: string } {
  const eq = pair.indexOf('=');
  return eq < 0 ? { name: decoded(pair), value: '' } : { name: decoded(pair.slice(0, eq)), value: decoded(pair.slice(eq + 1)) };
}

/** The query parameters `servers add` would refuse as secrets in clear (a secret's name, a token's shape), decoded. */
export function querySecrets(url: string): { name: string; value: string }[] {
  if (!URL.canParse(url)) return [];
  return (rawQuery(url)?.pairs ?? [])
    .filter((pair) => pair !== '' && !pair.includes('${') && secretInQuery(`http://x/?${pair}`) !== undefined)
    .map(split);
}

/** `url` with each parameter `name` holding `value` written as `name=<reference>`, all else as it was. */
export function withQueryReference(url: string, name: string, value: string, reference: string): string {
  const query = rawQuery(url);
  if (query === undefined) return url;
  const pairs = query.pairs.map((pair) => {
    const parsed = split(pair);
    if (parsed.name !== name || parsed.value !== value) return pair;
    const eq = pair.indexOf('=');
    return `${eq < 0 ? pair : pair.slice(0, eq)}=${reference}`;
  });
  return `${query.before}${pairs.join('&')}${query.after}`;
}
