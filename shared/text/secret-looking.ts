import { withoutEscapes } from './escape-sequences';
import { readingForm } from './look-alikes';
import { LABEL_LAST_WORDS, LABEL_WORDS, PLAIN_KEY_QUALIFIERS, SECRET_ENDINGS, SECRET_PARTS, SECRET_PHRASES, SECRET_WORDS } from './secret-words';

/** What a field says about itself: its name (a property, a variable, a header), title and description. */
export interface FieldWords {
  name?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
}

/** Lowercase words in reading form, split at camelCase (`apiKey`, `APIKey`), `_`, `-`, spaces and punctuation. */
export function wordsOf(text: string): string[] {
  return readingForm(text)
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const oneWord = (word: string): string => wordsOf(word).join('');

interface Tables {
  words: ReadonlySet<string>;
  labelOnly: ReadonlySet<string>;
  phrases: readonly (readonly string[])[];
  parts: readonly string[];
  lastWords: ReadonlySet<string>;
  plainKey: ReadonlySet<string>;
}

let built: Tables | undefined;

/**
 * The word lists in reading form, made at the first question, not on import: every command and
 * `serve` import this module, and folding the lists through the Unicode regexes took 7–46 ms of their
 * start at load 20.
 */
function tables(): Tables {
  built ??= {
    words: new Set(SECRET_WORDS.map(oneWord)),
    labelOnly: new Set(LABEL_WORDS.map(oneWord)),
    phrases: SECRET_PHRASES.map(wordsOf),
    parts: SECRET_PARTS.map(oneWord),
    lastWords: new Set(LABEL_LAST_WORDS),
    plainKey: new Set(PLAIN_KEY_QUALIFIERS),
  };
  return built;
}

function hasPhrase(words: readonly string[], t: Tables): boolean {
  return t.phrases.some((phrase) => words.some((_, at) => phrase.every((p, i) => words[at + i] === p)));
}

function hasSecretWord(words: readonly string[], label: boolean, t: Tables): boolean {
  return words.some(
    (word) =>
      t.words.has(word) ||
      (label && t.labelOnly.has(word)) ||
      t.parts.some((part) => word.includes(part)) ||
      SECRET_ENDINGS.some((end) => word.length > end.length && word.endsWith(end)),
  );
}

/** A label ending in "key" or "pass" (`STRIPE_KEY`, "Key", `db_pass`), unless a plain kind of key (`sort_key`, "Public key"). */
function endsInSecret(words: readonly string[], t: Tables): boolean {
  return t.lastWords.has(words.at(-1) ?? '') && !t.plainKey.has(words.at(-2) ?? '');
}

/**
 * Whether a field looks like it asks for a secret: a password (also `passwd`, `pwd`, and in other
 * languages: `Passwort`, `contraseña`, `mot de passe`, `пароль`, 密码), a token, a secret, a credential,
 * an API, access or private key (`aws_access_key_id`), a one-time or verification code (`otp`, `2fa`),
 * a seed or recovery phrase (`mnemonic`), a PIN, card or social security number. Looks at the name,
 * the title and the description, each in reading form (look-alike letters folded, so `Pаssword` with a
 * Cyrillic а counts) and split into words at camelCase, `_`, `-` and spaces:
 * - a secret word anywhere (`token`), or inside one word (`PGPASSWORD`, `clientsecret`, `bottoken`);
 * - a secret phrase anywhere ("API key", "one-time code", "seed phrase");
 * - in a name or title only: `pin`, and "key" or "pass" as the last word (`STRIPE_KEY`, `db_pass`),
 *   since "pin the note" or "the key to look up" in a description is no request for a secret;
 * - the name's words run together too (`p_a_s_s_w_o_r_d`), and in a title or description a run of
 *   single letters ("P a s s w o r d");
 * - as written and as a terminal draws it, without its escape sequences (`Pass\u001b[31mword`).
 * Plain: a word that only begins like one (`tokenizer_model`), a count of tokens (`max_tokens`), a
 * public, sort or primary key, `username`, `email`. When unsure it says secret: the field is then
 * masked, kept in the vault, or (asked by a server) only declined.
 */
export function looksSecret(field: FieldWords): boolean {
  if (looksSecretAsWritten(field)) return true;
  // As a terminal draws it too: an escape inside a word (`Pass\u001b[31mword`) splits it only as written.
  const written = { name: field.name ?? '', title: field.title ?? '', description: field.description ?? '' };
  const drawn = { name: withoutEscapes(written.name), title: withoutEscapes(written.title), description: withoutEscapes(written.description) };
  // Asked again only when a text holds an escape: most hold none, and each question folds its texts.
  return (drawn.name !== written.name || drawn.title !== written.title || drawn.description !== written.description) && looksSecretAsWritten(drawn);
}

function looksSecretAsWritten(field: FieldWords): boolean {
  const t = tables();
  const name = wordsOf(field.name ?? '');
  const title = wordsOf(field.title ?? '');
  const description = wordsOf(field.description ?? '');
  if ([name, title].some((words) => hasSecretWord(words, true, t) || hasPhrase(words, t) || endsInSecret(words, t))) return true;
  if (hasSecretWord(description, false, t) || hasPhrase(description, t)) return true;
  if (hasSecretWord(letterRuns(title), true, t) || hasSecretWord(letterRuns(description), false, t)) return true;
  const joined = name.join('');
  return t.parts.some((part) => joined.includes(part));
}

/** Each run of three or more one-letter words as one word (a title spelled "P a s s w o r d"). */
function letterRuns(words: readonly string[]): string[] {
  const runs: string[] = [];
  let run = '';
  for (const word of [...words, '']) {
    if (word.length === 1) {
      run += word;
      continue;
    }
    if (run.length >= 3) runs.push(run);
    run = '';
  }
  return runs;
}
