/** A name as a hint gives it after a command, quoted or not: up to a space or punctuation that ends it. */
const NAME = '"?([^\\s"`,;()]+?)"?';
/** A word the command line takes as it is (a client's id). */
const WORD = '([a-z][\\w-]*)';
/** A registry entry's id without a version (`ID@VERSION` is another command). */
const ID = '"?([^\\s"`,;()@]+?)"?';
/** A local URL as the start hint gives it, shell-quoted or not (stray-stdout.ts): scheme, host, port and a plain path. */
const URL_WORD = "'?([A-Za-z0-9._~/%:\\[\\]-]+)'?";
/** The end of a command written in running text (not between backquotes). */
const BARE_END = '(?=$|[\\s,;:)])';

const LISTING: Readonly<Record<string, string>> = { tools: 'listTools', resources: 'listResources', prompts: 'listPrompts' };
const q = (name: string): string => JSON.stringify(name);

/**
 * The command line's commands a hint may name, each with the call a program makes instead (methods
 * on `cs`, the App API's on `cs.api`, as docs/library.md names them). Longer forms first.
 */
const COMMANDS: readonly (readonly [string, (...names: string[]) => string])[] = [
  [`(tools|resources|prompts) ${NAME} --refresh`, (what, name) => `cs.connect(${q(name)})\`, then \`cs.${LISTING[what] ?? 'listTools'}(${q(name)})`],
  [`(tools|resources|prompts) ${NAME}(?: --json)?`, (what, name) => `cs.${LISTING[what] ?? 'listTools'}(${q(name)})`],
  [`connect ${NAME}(?: --device)?`, (name) => `cs.connect(${q(name)})`],
  [`disconnect ${NAME} --forget-issuer`, (name) => `cs.api.disconnect({ name: ${q(name)}, forgetIssuer: true })`],
  ['doctor --live', () => 'cs.api.doctor({ live: true })'],
  ['doctor', () => 'cs.api.doctor()'],
  ['status', () => 'cs.listServers()'],
  ['servers list', () => 'cs.listServers()'],
  [`servers approve ${NAME}`, (name) => `cs.approveServer(${q(name)})`],
  [`servers enable ${NAME}`, (name) => `cs.api.setServerEnabled({ name: ${q(name)}, enabled: true })`],
  [`servers review ${NAME} --reset-forgotten`, (name) => `cs.api.reviewChanges({ name: ${q(name)}, resetForgotten: true })`],
  [`servers review ${NAME} --refused`, (name) => `cs.api.listRefused({ server: ${q(name)} })`],
  [`servers review ${NAME}`, (name) => `cs.api.listHeldChanges({ server: ${q(name)} })`],
  ['servers review', () => 'cs.api.listHeldChanges()'],
  [`servers edit ${NAME}(?: --env [^\\s\`]+(?: -- the command without it)?| --command …)?`, (name) => `cs.updateServer(${q(name)}, entry)`],
  [`servers remove ${NAME}, then servers add ${NAME} …`, (name, other) => `cs.removeServer(${q(name)})\`, then \`cs.addServer(${q(other)}, entry)`],
  [`servers remove ${NAME}, then servers add`, (name) => `cs.removeServer(${q(name)})\`, then \`cs.addServer(name, entry)`],
  [`servers remove ${NAME}`, (name) => `cs.removeServer(${q(name)})`],
  [`servers add ${NAME} --url ${URL_WORD}`, (name, url) => `cs.addServer(${q(name)}, { type: "http", url: ${q(url)} })`],
  [`secrets set ${NAME}`, (name) => `cs.setSecret(${q(name)}, value)`],
  [`secrets delete ${NAME} --server ${NAME}`, (name, server) => `cs.deleteSecret(${q(name)}, ${q(server)})`],
  [`secrets delete ${NAME}`, (name) => `cs.deleteSecret(${q(name)})`],
  ['secrets list', () => 'cs.listSecrets()'],
  ['secrets stores', () => 'cs.listSecretStores()'],
  ['registry refresh', () => 'cs.api.refreshRegistries()'],
  // `registry` is the entry's registry address as `cs.api.registryCatalog()` lists it.
  [`registry show ${ID}(?: --registry ${NAME})?`, (id) => `cs.api.registryInstallOptions({ registry, name: ${q(id)} })`],
  ['registry search WORDS', () => 'cs.api.registryCatalog()'],
  [`logs ${NAME}`, (name) => `cs.api.readLogs({ server: ${q(name)} })`],
  ['agents list', () => 'cs.listAgents()'],
  [`agents connect ${NAME} --client CLIENT`, (name) => `cs.api.connectClient({ agent: ${q(name)}, client })`],
  [`agents connect ${NAME} --client ${WORD}`, (name, client) => `cs.api.connectClient({ agent: ${q(name)}, client: ${q(client)} })`],
  [`agents set ${NAME} --for (\\d+)`, (name, prefix) => `cs.updateAgent({ name: ${q(name)}, client: ${prefix} })`],
  [`agents set ${NAME} --for ${WORD}`, (name, client) => `cs.updateAgent({ name: ${q(name)}, client: ${q(client)} })`],
  ['agents remove', () => 'cs.removeAgent(name)'],
  ['agents clients', () => 'cs.api.listClients()'],
  [`agents disconnect ${NAME} --client ${WORD}`, (name, client) => `cs.api.disconnectClient({ agent: ${q(name)}, client: ${q(client)} })`],
  [`agents rotate ${NAME}`, (name) => `cs.api.rotateAgent({ name: ${q(name)} })`],
  ['agents config', () => 'cs.api.agentConfig({ name })'],
  ['approvals list', () => 'cs.api.listApprovals()'],
  ['bridge status', () => 'cs.api.bridgeInfo()'],
];

/**
 * Commands with no call a program makes, each in words that name no command for it to type: what a
 * person does at the command line (the App API has no call for it), or what a client starts.
 */
const WORDED: readonly (readonly [string, (...names: string[]) => string])[] = [
  [
    'servers prune-bundles --dry-run, then remove them with connected-services servers prune-bundles',
    () => "the command line's servers prune-bundles --dry-run, then remove them with its servers prune-bundles (a person's to run: the App API has no call for it)",
  ],
  ['servers prune-bundles(?: --dry-run)?', () => "the command line's servers prune-bundles (a person's to run: the App API has no call for it)"],
  // An `ID@VERSION` (the id alone is a call above): the App API reads only the catalog's version.
  [
    'registry show ([^\\s"`,;()]+(?: --registry [^\\s"`,;()]+)?)',
    (entry) => `the command line's registry show ${entry} (a person's to run: the App API has no call for a version the catalog does not hold)`,
  ],
  [`bridge --stdio --agent ${NAME}`, (name) => `the stdio bridge for agent ${q(name)}`],
  [`bridge headers --agent ${NAME}`, (name) => `the headers helper for agent ${q(name)}`],
  ['bridge --stdio', () => 'the stdio bridge'],
  ['serve', () => "the command line's serve"],
];

/** A command between backquotes none of COMMANDS names: the App API does what the command line does. */
const OTHER_COMMAND = /`connected-services [^`]*`/g;
// The package ships docs/: a program's author finds the App API's methods from this section of it.
const OTHER_WORDS = 'the same through the App API (the `cs.api` method for it: see "The API and its review" in the package\'s docs/library.md)';

/** `hint` with `command` (between backquotes or in running text) in `words`, given the names its groups caught. */
function rewritten(hint: string, command: string, words: (...names: string[]) => string): string {
  // The names the command's groups caught: after them the replacer is given the offset and the whole text.
  const count = (new RegExp(`${command}|`).exec('')?.length ?? 1) - 1;
  const replacer = (_: string, ...groups: unknown[]): string => words(...groups.slice(0, count).map(String));
  return hint.replace(new RegExp(`\`connected-services ${command}\``, 'g'), replacer).replace(new RegExp(`connected-services ${command}${BARE_END}`, 'g'), replacer);
}

/**
 * A hint in a program's words: the core words its hints for a person at the command line, and a
 * program cannot type a command; each command it names becomes the call a program makes (one the
 * table does not know, the App API; one with no call, words naming none), and a call's own timeout
 * is its `timeoutMs`.
 */
export function programHint(hint: string): string {
  if (!hint.includes('connected-services') && !hint.includes('`call --timeout')) return hint;
  let out = hint.replace(/`call --timeout MS`, a program's timeoutMs/g, "the call's `timeoutMs`");
  for (const [command, call] of COMMANDS) out = rewritten(out, command, (...names) => `\`${call(...names)}\``);
  for (const [command, words] of WORDED) out = rewritten(out, command, words);
  return out.replace(OTHER_COMMAND, OTHER_WORDS);
}
