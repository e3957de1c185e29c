import { CodedError } from '../errors';

/** What a pasted shell command line means for a stdio server; nothing was expanded or run. */
export interface SplitCommandLine {
  command: string;
  args: string[];
  /** `NAME=value` words before the command (and after `env`). */
  env: Record<string, string>;
  /** From a leading `cd DIR &&` (the form our own command lines are shown in). */
  cwd?: string;
  /** What the person should know: `$HOME` or `~` left as written, and so on. */
  warnings: string[];
}

/** A pasted line past this is not a command line anyone typed. */
export const MAX_COMMAND_LINE_CHARS = 64 * 1024;
const MAX_WORDS = 1000;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** POSIX sh operators we refuse: they need a shell, which never runs here. */
const OPERATOR_CHARS = new Set(['|', '&', ';', '<', '>', '(', ')']);

type Token = { kind: 'word'; value: string; raw: string; quoted: boolean; dollar: boolean } | { kind: 'op'; value: string };

function invalid(message: string, hint: string): CodedError {
  return new CodedError('invalid_input', message, { hint });
}

/** POSIX sh token recognition (XCU §2.3) and quoting (§2.2), without any expansion (§2.6). */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let word = '';
  let raw = '';
  let inWord = false;
  let quoted = false;
  let dollar = false;
  const end = (): void => {
    if (inWord) tokens.push({ kind: 'word', value: word, raw, quoted, dollar });
    word = '';
    raw = '';
    inWord = false;
    quoted = false;
    dollar = false;
    if (tokens.length > MAX_WORDS) throw invalid(`the command line has more than ${MAX_WORDS} words`, 'Paste one server\'s command line.');
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\') {
      const next = text[i + 1];
      i += 2;
      // §2.2.1: backslash-newline is a line continuation, removed.
      if (next === '\n' || next === undefined) continue;
      word += next;
      raw += `\\${next}`;
      inWord = true;
      quoted = true;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) throw invalid('a single quote (\') is not closed', 'Close the quote, or put a backslash before it.');
      word += text.slice(i + 1, close);
      raw += text.slice(i, close + 1);
      inWord = true;
      quoted = true;
      i = close + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (;;) {
        const d = text[j];
        if (d === undefined) throw invalid('a double quote (") is not closed', 'Close the quote, or put a backslash before it.');
        if (d === '"') break;
        if (d === '\\' && j + 1 < text.length && '$`"\\\n'.includes(text[j + 1] as string)) {
          // §2.2.3: inside double quotes a backslash escapes only these.
          if (text[j + 1] !== '\n') word += text[j + 1];
          j += 2;
          continue;
        }
        if (d === '$' || d === '`') dollar = true;
        word += d;
        j += 1;
      }
      raw += text.slice(i, j + 1);
      inWord = true;
      quoted = true;
      i = j + 1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      end();
      i += 1;
      continue;
    }
    if (c === '#' && !inWord) {
      // §2.3 rule 9: a comment runs to the end of the line.
      const newline = text.indexOf('\n', i);
      i = newline < 0 ? text.length : newline;
      continue;
    }
    if (OPERATOR_CHARS.has(c)) {
      end();
      const two = text.slice(i, i + 2);
      const op = two === '&&' || two === '||' || two === '>>' || two === ';;' ? two : c;
      tokens.push({ kind: 'op', value: op });
      i += op.length;
      continue;
    }
    if (c === '$' || c === '`' || (c === '~' && !inWord)) dollar = true;
    word += c;
    raw += c;
    inWord = true;
    i += 1;
  }
  end();
  return tokens;
}

function words(tokens: Token[]): Array<Extract<Token, { kind: 'word' }>> {
  const op = tokens.find((t) => t.kind === 'op');
  if (op) {
    throw invalid(`"${op.value}" needs a shell, and commands here run without one`, 'Paste one command with its arguments (pipes, redirections, "&&" and ";" are not supported; a folder goes in "cd DIR &&" at the start).');
  }
  return tokens as Array<Extract<Token, { kind: 'word' }>>;
}

/**
 * Splits a pasted shell command line into command, arguments and environment the way `sh` would
 * (quotes, backslashes, leading `NAME=value`, an optional `cd DIR &&` and `env`), but expands
 * nothing and runs nothing: `$HOME` and `~` stay as written, with a warning.
 */
export function splitCommandLine(text: string): SplitCommandLine {
  if (text.length > MAX_COMMAND_LINE_CHARS) {
    throw invalid(`the command line is longer than ${MAX_COMMAND_LINE_CHARS} characters`, 'Paste one server\'s command line.');
  }
  let tokens = tokenize(text);
  let cwd: string | undefined;
  const first = tokens[0];
  const dir = tokens[1];
  if (first?.kind === 'word' && first.raw === 'cd' && dir?.kind === 'word' && tokens[2]?.kind === 'op' && tokens[2].value === '&&') {
    cwd = dir.value;
    tokens = tokens.slice(3);
  }
  const list = words(tokens);
  const env: Record<string, string> = {};
  let at = 0;
  // `env` takes assignments after it as well (`env FOO=1 cmd`).
  for (;;) {
    const word = list[at];
    if (word === undefined) break;
    if (ASSIGNMENT.test(word.raw)) {
      const eq = word.value.indexOf('=');
      env[word.value.slice(0, eq)] = word.value.slice(eq + 1);
      at += 1;
    } else if (word.raw === 'env' && list[at + 1] !== undefined && ASSIGNMENT.test((list[at + 1] as { raw: string }).raw)) at += 1;
    else break;
  }
  const rest = list.slice(at);
  const command = rest[0];
  if (command === undefined || command.value === '') {
    throw invalid('there is no command to run in what was pasted', 'Paste a command line such as: npx -y @modelcontextprotocol/server-memory');
  }
  const warnings: string[] = [];
  if ([...rest, ...list.slice(0, at)].some((w) => w.dollar)) {
    warnings.push('$VARIABLES, `commands` and ~ are kept as written, not expanded: use ${env:NAME} for a variable of this app\'s environment, and full paths.');
  }
  return { command: command.value, args: rest.slice(1).map((w) => w.value), env, ...(cwd !== undefined ? { cwd } : {}), warnings };
}

/** Whether a command field holds a whole command line (spaces or quotes outside a single word). */
export function looksLikeCommandLine(text: string): boolean {
  try {
    const split = splitCommandLine(text.trim());
    return split.args.length > 0 || Object.keys(split.env).length > 0 || split.cwd !== undefined || split.command !== text.trim();
  } catch {
    return false;
  }
}
