/**
 * The core writes one line per change for the log and the command line (electron/app/admin), in the
 * command line's words: "server". The screens say "service" for the same thing, so the lines they show
 * are reworded here. Only the core's own phrases at the places it writes them change: a quoted name,
 * a command line or an address in the line stays as written (`npx @scope/server-files` is a command).
 */

/** Where a line about an edit of agents.json begins (agents-file-edits.ts): the method's own line follows. */
const FILE_EDIT = String.raw`(?:agents\.json was edited outside the app(?: while no app ran)?: )?`;

type Rule = readonly [RegExp, string];

const RULES: readonly Rule[] = [
  // add, change, enable, disable, remove, stop and restart (admin-summary.ts, add-service-summary.ts)
  [/^(add|change|enable|disable|remove|stop|restart) the server (?=")/, '$1 the service '],
  [/^add servers declared in a program's code: /, "add services declared in a program's code: "],
  [/^forget the servers declared in code: /, 'forget the services declared in code: '],
  [/^import servers from /, 'import services from '],
  [/^(answer|decline|dismiss) a server's question$/, "$1 a service's question"],
  [/^open the page a server asked you to visit$/, 'open the page a service asked you to visit'],
  // An agent's services (agent-change-summary.ts): added, declared in code, or changed.
  [new RegExp(`^(${FILE_EDIT}add the agent "[^"]*" with )every server`), '$1every service'],
  [new RegExp(`^(${FILE_EDIT}add the agent "[^"]*" with )servers: `), '$1services: '],
  // `servers → a, b`, or `servers a → a, b` where the line names what they were.
  [new RegExp(`^(${FILE_EDIT}change the agent "[^"]*": )servers `), '$1services '],
  // A tool the service no longer lists (pin-events.ts), and a review's dismissal of one (admin-summary-more.ts).
  [/ removed by the server$/, ' removed by the service'],
  [/^(review the tools of "[^"]*": .*) as removed by the server \(listed again changed/, '$1 as removed by the service (listed again changed'],
];

/** Each agent declared in code, after "add agents declared in a program's code: ". */
const DECLARED_AGENT = /("[^"]*" with )(every server|servers: )/g;

/** A change's line from the core, in the screens' words ("service"). */
export function serviceWords(summary: string): string {
  let line = RULES.reduce((text, [pattern, words]) => text.replace(pattern, words), summary);
  if (line.startsWith("add agents declared in a program's code: ")) {
    line = line.replace(DECLARED_AGENT, (_all, lead: string, what: string) => `${lead}${what === 'every server' ? 'every service' : 'services: '}`);
  }
  return line;
}
