/**
 * The pool's hints (electron/pool) are the command line's too, in its words: "server". The screens say
 * "service" for the same thing, so these hints are reworded here, for a page's Last error and for a
 * live check's fix alike (screenHint). Each rule is one of the pool's own phrases, from its start, its
 * first letter in either case (a check's fix begins with a capital). A name, a command or an address
 * stays as written; "MCP server" stays where it names the program a command has to run.
 */

type Rule = readonly [RegExp, string];

const RULES: readonly Rule[] = [
  // unreachable.ts, map-error.ts: the address as written.
  [/^[Ii]s the server running at (?=\S+\?$)/, 'is the service running at '],
  // invalid-result.ts.
  [/^[Tt]he server's answer is not valid MCP, so none of it is used; tell the maintainers of (?=")/, "the service's answer is not valid MCP, so none of it is used; tell the maintainers of "],
  // message-bound.ts.
  [
    /^[Tt]he server's answer is too large: ask it for less \(a narrower query, a smaller page\), or check the server$/,
    "the service's answer is too large: ask it for less (a narrower query, a smaller page), or check the service",
  ],
  // message-noise.ts, ask-budget.ts.
  [/^[Ii]ts server is broken or hostile; /, 'the service is broken or hostile; '],
  // not-event-stream.ts.
  [/^[Tt]he server \(or a proxy in front of it\) sends another body, /, 'the service (or a proxy in front of it) sends another body, '],
  // session-expiry.ts.
  [
    /^[Tt]he server \(or a proxy in front of it, such as a load balancer without sticky sessions\) does not keep its sessions; /,
    'the service (or a proxy in front of it, such as a load balancer without sticky sessions) does not keep its sessions; ',
  ],
];

/** A pool's hint in the screens' words ("service"), its first letter's case kept. */
export function poolHintWords(hint: string): string {
  for (const [pattern, words] of RULES) {
    const found = pattern.exec(hint);
    if (found === null) continue;
    const first = found[0].charAt(0);
    const shown = first === first.toUpperCase() ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : words;
    return `${shown}${hint.slice(found[0].length)}`;
  }
  return hint;
}
