import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { CodedError } from '../../shared/errors';
import { SECRET_NAME } from '../../shared/redact';
import { secretHeaderNamed } from '../../shared/text';
import { argumentValue, emptied, findLiteralSecrets, onlyReferences, secretArguments, secretBesideReference, secretInQuery, secretInUrlPath, secretNameFor, secretNamed, tokenShaped, urlWithPassword } from '../../shared/config';

/** A vault name for the value, as `import` would choose it (SERVER_FIELD, upper case). */
function suggestedName(server: string, field: string): string {
  return secretNameFor(server, field).replace(/[^A-Z0-9_]+/g, '_').slice(0, 64);
}

/** A variable whose name says it holds a path (`GOOGLE_APPLICATION_CREDENTIALS`, `SSL_KEY_FILE`). */
const PATH_NAME = /(?:_FILE|_PATH|_DIR|_CREDENTIALS)$/i;

/**
 * A file's path (`GOOGLE_APPLICATION_CREDENTIALS=/home/me/sa.json`, `SSH_KEY=~/.ssh/id`) names a
 * secret, it is not one. `~/`, `./`, `../` are no base64; a value that begins with `/` may be base64,
 * so it is taken for a path only when the name says so or the file is there.
 */
function isPath(key: string, value: string): boolean {
  if (/^(?:~|\.{1,2})\//.test(value)) return true;
  if (!isAbsolute(value)) return false;
  return PATH_NAME.test(key) || existsSync(value);
}

/** An env value in clear: a URL with a password or a secret parameter, a token's shape, or any literal text under a credential's name. */
function secretEnv(key: string, value: string): boolean {
  if (urlWithPassword(value) || secretInQuery(value) !== undefined || tokenShaped(value)) return true;
  // Text beside a reference (`sk-…${env:X}`) is as clear as text alone; the core judges it alike.
  if (onlyReferences(value)) return secretBesideReference('env', key, value);
  if (!secretNamed(key)) return false;
  return !isPath(key, value);
}

const QUOTE_HINT = "A shell replaces ${…} in double quotes or none: put the flag's value in single quotes, e.g. --env 'NAME=${secret:NAME}'";

/** The command the flags were given to: its refusal says the entry was not added, or not changed. */
export type EntryAction = 'add' | 'edit';

const notDone = (action: EntryAction): string => (action === 'edit' ? 'so it was not changed' : 'so it was not added');

/** Says where a secret in clear was found and what to do instead; never the value. */
function refuse(what: string, name: string, instead: string, action: EntryAction): never {
  throw new CodedError('invalid_input', `${what} holds a secret in clear; mcp.json keeps only references to the vault, ${notDone(action)}`, {
    hint: `Store it first with \`connected-services secrets set ${name}\` (it asks for the value without echo), then ${instead}`,
  });
}

/**
 * A credential flag's value that holds a reference and text beside it (`--token '${secret:X}/rest'`):
 * the person stored a secret already, so say why the text is refused and what to write, never the text.
 */
function refuseBeside(what: string, word: string, flag: string | undefined, name: string, action: EntryAction): never {
  const { prefix } = argumentValue(word, flag);
  const typed = flag === undefined ? `'\${secret:${name}}'` : prefix !== '' ? `'${prefix}\${secret:${name}}'` : `${flag} '\${secret:${name}}'`;
  throw new CodedError('invalid_input', `${what}${flag === undefined ? '' : ` (the value of ${flag})`} has text written beside its reference: a credential is given as a reference alone, and text glued to one stays in mcp.json in clear (it may be the rest of a key), ${notDone(action)}`, {
    hint: `If the text is part of the secret, store the whole value with \`connected-services secrets set ${name}\` (it asks for the value without echo) and write ${typed}; if the reference holds an address or a folder, name it for one (ending in _URL or _DIR) and the path after it is taken`,
  });
}

/** Refuses the first secret argument: beside a reference (refuseBeside) or in clear. */
function refuseArgument(what: string, words: readonly string[], found: { index: number; flag?: string }, name: string, instead: string, action: EntryAction): never {
  const word = words[found.index] ?? '';
  if (onlyReferences(argumentValue(word, found.flag).value)) refuseBeside(what, word, found.flag, name, action);
  refuse(what, name, instead, action);
}

/** A shell's `NAME=value` before the program: a command without a shell takes it for the program's name. */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/** Refuses a secret in the program's word, saying how to give it where the person typed it. */
function refuseCommand(server: string, words: readonly string[], found: { index: number; flag?: string }, from: '--command' | 'after --', action: EntryAction): never {
  const variable = found.index === 0 ? ASSIGNMENT.exec(words[0] ?? '')?.[1] : undefined;
  const name = suggestedName(server, variable ?? found.flag?.replace(/^-+/, '') ?? 'COMMAND');
  const what = from === '--command' ? '--command' : 'The command after --';
  if (variable !== undefined) {
    const program = from === '--command' ? 'the program alone to --command' : 'the program alone after --';
    refuse(what, name, `give it as --env '${variable}=\${secret:${name}}' (in single quotes) and ${program}: a command runs without a shell, so ${variable}=… before it sets no variable`, action);
  }
  const instead =
    from === '--command'
      ? `give the program alone to --command and its arguments after --, with \${secret:${name}} in the secret's place (in single quotes)`
      : `give the program and each of its arguments as separate words after --, with \${secret:${name}} in the secret's place (in single quotes)`;
  refuseArgument(what, words, found, name, instead, action);
}

/**
 * Refuses `--header`, `--env`, command-argument and `--url` values that are secrets in clear:
 * `mcp.json` holds references only (SECURITY.md, "nothing is written in clear"). Headers are judged
 * as `import` judges them (an auth header's name, or a token-like value); environment variables by a
 * credential's name (`*_TOKEN`, `*_KEY`, `DB_PASS`, `API_KEY_2`, …) unless a file's path, or a
 * token's shape; arguments by the secret-named flag before them or a token's shape; URLs by a
 * password or a secret-named or token-shaped query parameter. The value is never repeated.
 */
export interface GivenEntry {
  headers?: Record<string, string>;
  env?: Record<string, string>;
  args?: readonly string[];
  url?: string;
  /** `--command`, as typed: `'node --api-key=…'` is one word to the shell. */
  command?: string;
  /** Where the command was typed: `servers edit --command`, or the first word after `--` (`servers add` has no `--command`). */
  commandFrom?: '--command' | 'after --';
  cwd?: string;
  description?: string;
  /** `servers add` (the default) or `servers edit`. */
  action?: EntryAction;
}

export function refuseLiteralSecrets(server: string, given: GivenEntry): void {
  const action = given.action ?? 'add';
  const blank = [
    ...Object.entries(given.headers ?? {}).filter(([key]) => secretHeaderNamed(key) || SECRET_NAME.test(key.replace(/-/g, '_'))).filter(([, value]) => emptied(value)).map(([key]) => ({ flag: '--header', key })),
    ...Object.entries(given.env ?? {}).filter(([key, value]) => secretNamed(key) && value.trim() === '').map(([key]) => ({ flag: '--env', key })),
  ][0];
  if (blank !== undefined) {
    throw new CodedError('invalid_input', `${blank.flag} ${blank.key} has no value (or a scheme alone); if you typed a \${secret:…} reference, your shell replaced it with nothing, ${notDone(action)}`, { hint: QUOTE_HINT });
  }
  const found = [
    ...findLiteralSecrets(server, { type: 'http', url: 'http://127.0.0.1/', headers: given.headers ?? {} }).map((f) => ({ flag: '--header', key: f.field.slice('headers.'.length) })),
    ...Object.entries(given.headers ?? {})
      .filter(([key, value]) => secretBesideReference('header', key, value))
      .map(([key]) => ({ flag: '--header', key })),
    ...Object.entries(given.env ?? {})
      .filter(([key, value]) => secretEnv(key, value))
      .map(([key]) => ({ flag: '--env', key })),
  ];
  const first = found[0];
  if (first !== undefined) {
    const name = suggestedName(server, first.key);
    const scheme = first.flag === '--header' ? /^(Bearer|Basic|Token|Bot)\s/i.exec(given.headers?.[first.key] ?? '')?.[1] : undefined;
    const reference = `${scheme ? `${scheme} ` : ''}\${secret:${name}}`;
    const typed = first.flag === '--header' ? `${first.key}: ${reference}` : `${first.key}=${reference}`;
    refuse(`${first.flag} ${first.key}`, name, `give ${first.flag} '${typed}' (in single quotes: a shell replaces \${…} in double quotes or none)`, action);
  }
  const commandWords = given.command?.trim().split(/\s+/) ?? [];
  const inCommand = secretArguments(commandWords)[0];
  if (inCommand !== undefined) refuseCommand(server, commandWords, inCommand, given.commandFrom ?? '--command', action);
  const arg = secretArguments(given.args ?? [])[0];
  if (arg !== undefined) {
    const name = suggestedName(server, arg.flag?.replace(/^-+/, '') ?? `ARG${arg.index + 1}`);
    refuseArgument(`Argument ${arg.index + 1} of the command`, given.args ?? [], arg, name, `write \${secret:${name}} in its place (in single quotes: a shell replaces \${…} in double quotes or none)`, action);
  }
  for (const [flag, text] of [['--cwd', given.cwd], ['--description', given.description]] as const) {
    if (text !== undefined && tokenShaped(text)) refuse(flag, suggestedName(server, flag.slice(2)), `leave it out of ${flag}: ${flag} is written to mcp.json as typed`, action);
  }
  const param = given.url === undefined ? undefined : urlWithPassword(given.url) ? 'password' : (secretInQuery(given.url) ?? (secretInUrlPath(given.url) ? 'path' : undefined));
  if (param !== undefined) {
    const name = suggestedName(server, param === 'password' ? 'URL_PASSWORD' : param === 'path' ? 'URL_TOKEN' : param);
    const where = param === 'password' ? 'password' : param === 'path' ? 'path' : `parameter ${param}`;
    const instead =
      param === 'password'
        ? `give --header 'Authorization: Bearer \${secret:${name}}' if the service takes it as a header (in single quotes): a URL holds no user or password`
        : `write \${secret:${name}} in its place in --url, in single quotes (it is filled in, percent-encoded, when the server connects), or give --header 'Authorization: Bearer \${secret:${name}}' if the service takes it as a header`;
    refuse(`--url (its ${where})`, name, instead, action);
  }
}
