import { createInterface } from 'node:readline/promises';
import { CodedError } from '../../../shared/errors';
import { SECRET_NAME_PATTERN } from '../../../shared/vault';
import { assertNoCaseTwin, assertNoSeparator } from '../../../shared/config';
import { closestWord, mixedScripts, revealMixedScript, terminalSafe } from '../../../shared/text';
import { BundleClaim, deriveInstall, type DeriveOptions, installSecretName, onPath, planInstall, RUNTIME_HINTS, type CheckedEntry, type InputAsk, type InstallChoice, type InstallPlan } from '../../mcp-registry';
import type { CliContext } from '../context';
import { askHidden } from '../hidden-input';
import { refuseMemoryOnly } from '../memory-only-vault';
import { findEntry, type Note } from './registry-entry-find';
import { entryWord, registryFlag } from './registry-hint';

export interface FromRegistryOptions {
  fromRegistry: string;
  input?: string[];
  /** KEY=NAME: a secret input filled from a secret already in the vault. */
  inputSecret?: string[];
  package?: string;
  remote?: string;
  /** The registry to take the entry from, when more than one lists it: its label or address. */
  registry?: string;
  /** Derive and check only: a bundle is downloaded and checked but not kept. */
  dryRun?: boolean;
}

const SUPPORTED = new Set(['npm', 'pypi', 'oci', 'mcpb']);

/** What takes an ID[@VERSION], as its refusal names it: the option or command, and how an example starts. */
export interface IdTaker {
  takes: string;
  example: string;
}

const FROM_REGISTRY: IdTaker = { takes: '--from-registry', example: '--from-registry' };

/** `ID[@VERSION]`: the registry's server name, and a version when one is wanted. */
export function parseId(raw: string, taker: IdTaker = FROM_REGISTRY): { id: string; version?: string } {
  const at = raw.lastIndexOf('@');
  const parsed = at > 0 ? { id: raw.slice(0, at).trim(), version: raw.slice(at + 1).trim() } : { id: raw.trim() };
  // An empty id or version (an unset shell variable, a trailing @) would be asked of the registry as is.
  if (parsed.id === '' || parsed.version === '') {
    throw new CodedError('invalid_input', terminalSafe(`${taker.takes} takes ID[@VERSION] as the registry names it, not "${raw.slice(0, 200)}"`), {
      hint: `For example: ${taker.example} io.github.owner/name or io.github.owner/name@1.2.0`,
    });
  }
  // A registry name holds no @ past a scoped name's first (schema: [a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+), nor does a version: a second one is a slip.
  const extra = parsed.id.indexOf('@', 1);
  if (extra !== -1) {
    const version = parsed.id.slice(extra + 1).split('@').find((part) => part.trim() !== '') ?? parsed.version;
    throw new CodedError('invalid_input', terminalSafe(`${taker.takes} takes ID[@VERSION] with one @ before the version, not "${raw.slice(0, 200)}"`), {
      hint: terminalSafe(`For example: ${taker.example} ${parsed.id.slice(0, extra)}@${(version ?? '').slice(0, 60)}`),
    });
  }
  return parsed;
}

/** `--package N` or `--remote N`, counted from 1 as `servers add --from-registry` lists them: refused before the registry is asked. */
export function entryNumber(option: '--package' | '--remote'): (value: string) => string {
  return (value) => {
    if (/^[1-9]\d{0,3}$/.test(value)) return value;
    throw new CodedError('invalid_input', `${option} takes a whole number from 1 (the entry's first), not "${value.slice(0, 60)}"`, { hint: `For example: ${option} 2 for the entry's second` });
  };
}

function givenInputs(items: string[] | undefined, flag = '--input', form = 'INPUT=VALUE'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items ?? []) {
    const at = item.indexOf('=');
    if (at <= 0) throw new CodedError('invalid_input', `${flag} takes ${form}, not "${terminalSafe(item.slice(0, 80))}"`);
    // Defined, not assigned: a key `__proto__` (an entry may name an input so) is kept as the others.
    Object.defineProperty(out, item.slice(0, at), { value: item.slice(at + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The first package this computer can run from the registry's kinds, else the first Streamable HTTP remote. */
function defaultChoice(entry: CheckedEntry, options: FromRegistryOptions, shown: string): InstallChoice {
  const { name, packages = [], remotes = [] } = entry.server;
  const numbered = (kind: 'package' | 'remote', n: number, count: number): void => {
    if (n <= count) return;
    throw new CodedError('invalid_input', `${name} has no ${kind} number ${n}; it lists ${count}.`, { hint: terminalSafe(`\`${shown}\` lists each package and remote by number`) });
  };
  if (options.package !== undefined) {
    numbered('package', Number(options.package), packages.length);
    return { package: Number(options.package) - 1 };
  }
  if (options.remote !== undefined) {
    numbered('remote', Number(options.remote), remotes.length);
    return { remote: Number(options.remote) - 1 };
  }
  const pkg = packages.findIndex((p) => SUPPORTED.has(p.registryType));
  if (pkg >= 0) return { package: pkg };
  const remote = remotes.findIndex((r) => r.type === 'streamable-http');
  if (remote >= 0) return { remote };
  return { package: 0 };
}

/**
 * Said before anything is added or approved: an id or title whose words mix scripts (`Gіthub`, a
 * Cyrillic і, shown escaped), or a title that reads as another entry's of the registries' catalog.
 */
function warnLookAlike(ctx: CliContext, entry: CheckedEntry, note: Note | undefined): void {
  const { name, title } = entry.server;
  if (note?.mixedScripts) {
    const mixed = (text: string | undefined): text is string => text !== undefined && mixedScripts(text) !== undefined;
    const shown = [...(mixed(name) ? [`id ${revealMixedScript(name)}`] : []), ...(mixed(title) ? [`title "${revealMixedScript(title)}"`] : [])].join(', ');
    ctx.output.err(`warning: the registry entry mixes ${note.mixedScripts.join(' and ')} letters within a word (${shown}); a letter of another script can make it read as a different server's.`);
  }
  if (note?.readsAs) {
    ctx.output.err(`warning: its title reads the same as the title of ${note.readsAs.join(', ')}: check that ${revealMixedScript(name)} is the server you mean.`);
  }
  // Not an imitation: another publisher's entry of the same name, told apart by its id.
  if (note?.sameTitleAs) {
    ctx.output.err(`note: ${note.sameTitleAs.map(revealMixedScript).join(', ')} ${note.sameTitleAs.length === 1 ? 'has' : 'have'} this title too; this one is ${revealMixedScript(name)}.`);
  }
}

/** What the terminal asks for an input: the registry's words, so a lone CR in them cannot let the prompt overwrite itself (a secret's name over a plain input's). */
export function promptLabel(ask: InputAsk): string {
  return `${terminalSafe(`${ask.key}${ask.description !== undefined ? ` (${ask.description})` : ''}${ask.choices ? ` [${ask.choices.join('/')}]` : ''}`)}: `;
}

async function askMissing(missing: InputAsk[]): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const ask of missing) {
    const label = promptLabel(ask);
    if (ask.isSecret) answers[ask.key] = await askHidden(label);
    else {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        answers[ask.key] = (await rl.question(label)).trim();
      } finally {
        rl.close();
      }
    }
  }
  return answers;
}

/** A registry entry planned for `servers add`: what mcp.json gets, and the secrets the vault gets for it. */
export interface RegistryAdd {
  plan: InstallPlan;
  secrets: Array<{ name: string; value: string }>;
  /** Lets the bundle folder go: call once the entry is written, or the install gave up (bundle-claims.ts). */
  release: () => Promise<void>;
}

/**
 * A name addService would refuse, refused before the entry is fetched and a bundle downloaded and
 * unpacked into bundles/ for a server that is never added. The names are the servers in force and
 * mcp.json's entries left out as invalid (still in the file).
 */
async function refuseTakenName(ctx: CliContext, name: string): Promise<void> {
  const { servers, configIssues } = await (await ctx.core()).api.status({});
  const names = [...servers.map((s) => s.name), ...configIssues.flatMap((issue) => (issue.server !== undefined ? [issue.server] : []))];
  if (names.includes(name)) throw new CodedError('invalid_input', `A server named "${name}" already exists.`, { hint: 'Choose another name, or remove the existing server first.' });
  assertNoCaseTwin(names, name);
  assertNoSeparator(name, names);
}

/**
 * `servers add NAME --from-registry ID[@VERSION]`: the entry found and planned (exact version, an mcpb
 * bundle downloaded and its SHA-256 checked, missing inputs asked, the runtime found). Nothing is
 * written: the caller adds it through addService, alone or in one step with --connect.
 */
export async function planFromRegistry(ctx: CliContext, name: string, options: FromRegistryOptions): Promise<RegistryAdd> {
  const { id, version } = parseId(options.fromRegistry);
  await refuseTakenName(ctx, name);
  const { entry, base, note, registries, label } = await findEntry(ctx, id, version, options.registry);
  // The entry as this command took it: the version and the registry given, if any.
  const shown = `connected-services registry show ${entryWord(id, version)}${registryFlag(options.registry !== undefined ? label : undefined)}`;
  // With more than one registry, which one the entry came from is part of what is being trusted.
  if (registries > 1) ctx.output.err(`From the registry at ${terminalSafe(base)}.`);
  warnLookAlike(ctx, entry, note);
  const claim = new BundleClaim(ctx.dataDir);
  try {
    const derive = { fetch, dataDir: ctx.dataDir, registry: base, claim, dryRun: options.dryRun === true };
    return { ...(await deriveAll(ctx, name, id, entry, options, derive, shown)), release: () => claim.release() };
  } catch (error) {
    await claim.release();
    throw error;
  }
}

/**
 * `--input-secret KEY=NAME`: the vault secrets chosen for secret inputs, each known to the vault, so
 * the entry refers to it and nothing new is stored (as the catalog's "use a stored secret").
 */
async function storedInputs(ctx: CliContext, items: string[] | undefined, given: Readonly<Record<string, string>>): Promise<Record<string, string> | undefined> {
  const stored = givenInputs(items, '--input-secret', 'INPUT=SECRET_NAME');
  const keys = Object.keys(stored);
  if (keys.length === 0) return undefined;
  const twice = keys.filter((key) => Object.hasOwn(given, key));
  if (twice.length > 0) throw new CodedError('invalid_input', `${twice.join(', ')} is given by both --input and --input-secret`, { hint: 'Give each input once: its value with --input, or a vault secret with --input-secret' });
  const names = new Set((await (await ctx.core()).api.listSecrets({})).map((secret) => secret.name));
  for (const [key, name] of Object.entries(stored)) {
    if (!SECRET_NAME_PATTERN.test(name)) throw new CodedError('invalid_input', `--input-secret ${key} takes a secret's name, not "${terminalSafe(name.slice(0, 80))}"`, { hint: 'Secret names are letters, digits, _ . and -; see `connected-services secrets list`' });
    if (!names.has(name)) throw new CodedError('not_found', `The vault has no secret named ${name} (for ${key}).`, { hint: `Store it first with \`connected-services secrets set ${name}\`, or see \`connected-services secrets list\`` });
  }
  return stored;
}

/**
 * A secret input stored into a vault that forgets it when this command ends would leave an entry
 * naming a secret no vault holds, after saying it was stored (as `secrets set`, refused before the
 * value is asked). A dry run stores nothing: it says so instead.
 */
async function refuseLostSecrets(ctx: CliContext, id: string, dryRun: boolean): Promise<void> {
  const health = (await (await ctx.core()).api.status({})).vault;
  if (health.persistent) return;
  if (dryRun) return ctx.output.err(`warning: The vault cannot keep ${id}'s secret inputs beyond this command: ${health.message}`);
  refuseMemoryOnly(health, `${id}'s secret inputs`, 'nothing was added');
}

/** An --input the entry does not ask for (a typo, another package's): refused, not silently dropped. */
function refuseUnknownInputs(id: string, keys: readonly string[], asked: readonly InputAsk[]): void {
  const known = asked.map((ask) => ask.key);
  const unknown = keys.find((key) => !known.includes(key));
  if (unknown === undefined) return;
  const meant = closestWord(unknown, known);
  throw new CodedError('invalid_input', `${id} has no input "${terminalSafe(unknown.slice(0, 80))}"`, {
    hint: meant !== undefined ? `Did you mean --input ${meant}=…?` : known.length > 0 ? `Its inputs: ${known.join(', ')}` : 'It takes no inputs: leave out --input',
  });
}

/**
 * A secret input's value typed after --input stays in the shell's history and is readable by every
 * program of this computer while the command runs (`ps`), as a `${secret:…}` in a command's
 * arguments is: said, with the two ways that keep it (asked hidden, or a secret stored first).
 */
function warnSecretsGiven(ctx: CliContext, keys: string[]): void {
  if (keys.length === 0) return;
  ctx.output.err(
    `warning: --input ${keys.join(', ')} gave a secret on the command line, where your shell's history keeps it and other programs can read it while the command runs (ps); ` +
      `next time leave it out to be asked for it hidden, or store it with \`connected-services secrets set NAME\` and give --input-secret INPUT=SECRET_NAME`,
  );
}

/** The plan with every input given or asked, its runtime found, and the secrets it stores. */
async function deriveAll(ctx: CliContext, name: string, id: string, entry: CheckedEntry, options: FromRegistryOptions, derive: DeriveOptions, shown: string): Promise<Omit<RegistryAdd, 'release'>> {
  const choice = defaultChoice(entry, options, shown);
  let given = givenInputs(options.input);
  const stored = await storedInputs(ctx, options.inputSecret, given);
  const secretName = stored === undefined ? installSecretName(name) : Object.assign(installSecretName(name), { stored });
  // Judged on the plan before any bundle is downloaded: a typo or a forgetful vault costs no download.
  const first = planInstall(entry.server, choice, given, secretName);
  refuseUnknownInputs(id, Object.keys(given), first.asked);
  warnSecretsGiven(ctx, Object.keys(given).filter((key) => first.asked.some((ask) => ask.key === key && ask.isSecret)));
  if (first.secrets.size > 0 || first.missing.some((ask) => ask.isSecret)) await refuseLostSecrets(ctx, id, options.dryRun === true);
  let plan = await deriveInstall(entry.server, choice, given, secretName, derive);
  if (plan.missing.length > 0 && ctx.interactive) {
    given = { ...given, ...(await askMissing(plan.missing)) };
    plan = await deriveInstall(entry.server, choice, given, secretName, derive);
  }
  if (plan.missing.length > 0) {
    throw new CodedError('invalid_input', `${id} needs: ${plan.missing.map((m) => `${m.key}${m.isSecret ? ' (secret)' : ''}`).join(', ')}`, {
      hint: `Give each as --input INPUT=VALUE, e.g. --input ${plan.missing[0]?.key ?? 'INPUT'}=…${plan.missing.some((m) => m.isSecret) ? '; a secret already in the vault as --input-secret INPUT=SECRET_NAME' : ''}`,
    });
  }
  if (plan.runtime !== undefined && !(await onPath(plan.runtime, ctx.env))) {
    throw new CodedError('invalid_input', `${id} runs with ${plan.runtime}, which is not installed on this computer.`, { hint: RUNTIME_HINTS[plan.runtime] ?? `Install ${plan.runtime}.` });
  }
  const secrets = [...plan.secrets].map(([secret, value]) => {
    if (!SECRET_NAME_PATTERN.test(secret)) throw new CodedError('invalid_input', `"${secret}" is no secret name`);
    return { name: secret, value };
  });
  return { plan, secrets };
}
