import { formDefaults, type AskContent, type PendingAsk } from '../../shared/api';
import { revealHidden } from '../../shared/text';

export interface AskAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: AskContent;
}

export interface AskTerminal {
  /** Asks one line; undefined when the input ended (Ctrl-D) or the signal aborted (answered elsewhere). */
  question(text: string, signal?: AbortSignal): Promise<string | undefined>;
  err(line: string): void;
}

type Field = { type?: unknown; title?: unknown; description?: unknown; enum?: unknown; oneOf?: unknown; items?: unknown };

/** A field's allowed values: `enum`, or `oneOf` of `{ const, title }` (SEP-1330 titled enums). */
function choices(field: Field): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum.filter((v): v is string => typeof v === 'string');
  if (Array.isArray(field.oneOf)) return (field.oneOf as { const?: unknown }[]).map((o) => o.const).filter((v): v is string => typeof v === 'string');
  return undefined;
}

const MAX_TRIES = 3;

/** One value typed at the terminal, as the field's type; undefined when it does not parse. */
function parse(field: Field, text: string): AskContent[string] | undefined {
  const options = choices(field);
  if (field.type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : undefined;
  if (field.type === 'number') return text !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;
  if (field.type === 'boolean') return /^(y|yes|true)$/i.test(text) ? true : /^(n|no|false)$/i.test(text) ? false : undefined;
  if (field.type === 'array') return text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (options && !options.includes(text)) return undefined;
  return text;
}

async function promptForm(ask: PendingAsk, terminal: AskTerminal): Promise<AskAnswer> {
  if (ask.sensitive && ask.sensitive.length > 0) {
    terminal.err(`This form asks for what looks like a secret (${ask.sensitive.map((f) => revealHidden(f)).join(', ')}); services must not ask for that by form. Declined.`);
    return { action: 'decline' };
  }
  const schema = ask.requestedSchema ?? {};
  const properties = (schema['properties'] ?? {}) as Record<string, Field>;
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []);
  const defaults = formDefaults(schema);
  const content: AskContent = {};
  terminal.err('Enter keeps the value in [brackets]; Ctrl-D cancels.');
  for (const [name, field] of Object.entries(properties)) {
    const label = revealHidden(typeof field.title === 'string' ? field.title : name);
    if (typeof field.description === 'string') terminal.err(`  ${revealHidden(field.description)}`);
    const options = choices(field);
    const shownDefault = defaults[name] !== undefined ? ` [${revealHidden(String(defaults[name]))}]` : '';
    const hint = options ? ` (${options.map((o) => revealHidden(o)).join('/')})` : field.type === 'boolean' ? ' (y/n)' : '';
    let value: AskContent[string] | undefined;
    for (let tries = 0; tries < MAX_TRIES && value === undefined; tries++) {
      const typed = await terminal.question(`${label}${hint}${shownDefault}: `);
      if (typed === undefined) return { action: 'cancel' };
      const text = typed.trim();
      if (text === '') {
        value = defaults[name];
        if (value === undefined && !required.has(name)) break;
      } else value = parse(field, text);
      if (value === undefined) terminal.err(`  not a valid ${String(field.type)}${options ? ' choice' : ''}`);
    }
    if (value !== undefined) content[name] = value;
    else if (required.has(name)) {
      terminal.err(`"${label}" is required. Declined.`);
      return { action: 'decline' };
    }
  }
  return { action: 'accept', content };
}

/**
 * A server's request during `call`, answered at the terminal: the form's fields one by one (defaults
 * kept with Enter), or a URL-mode address printed to open by hand (never opened from here).
 */
export async function promptAsk(ask: PendingAsk, terminal: AskTerminal): Promise<AskAnswer> {
  terminal.err(`${ask.server} asks: ${revealHidden(ask.message)}`);
  if (ask.kind === 'url') {
    terminal.err(`  origin: ${revealHidden(ask.origin ?? '(not a web address)')}`);
    terminal.err(`  address: ${revealHidden(ask.url ?? '')}`);
    if (ask.urlProblem !== undefined) terminal.err(`  Do not open it: ${ask.urlProblem}.`);
    const typed = await terminal.question('Open it in your browser yourself. Done? [y/N] ');
    if (typed === undefined) return { action: 'cancel' };
    return { action: /^y(es)?$/i.test(typed.trim()) ? 'accept' : 'decline' };
  }
  if (ask.kind === 'sampling') return { action: 'decline' };
  return promptForm(ask, terminal);
}
