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
  // session-expiry.ts, when the new session is forgotten too.
  [/^[Tt]he server forgets its sessions at once; /, 'the service forgets its sessions at once; '],
  // headers-overflow.ts: the name as written.
  [/^[Tt]he server sends oversized headers /, 'the service sends oversized headers '],
  // listing-bound.ts, listing-depth.ts.
  [/^[Cc]heck the server \(a server of this size is not one we know of\); /, 'check the service (a service of this size is not one we know of); '],
  [
    /^[Tt]he server repeated a page cursor it had already given, so its pages would never end: a bug in the server, /,
    'the service repeated a page cursor it had already given, so its pages would never end: a bug in the service, ',
  ],
  [/^[Cc]heck the server \(no tool's schema nests this deep\); /, "check the service (no tool's schema nests this deep); "],
  // stdin-write.ts.
  [/^[Tt]he server closed its input or exited; /, 'the service closed its input or exited; '],
  // stdio-errors.ts: "a stdio MCP server" names the program, as above.
  [/^([Mm]ore than \d+ messages were waiting; )check the server, then start it again$/, '$1check the service, then start it again'],
  [
    /^[Aa] stdio MCP server answers on stdout for as long as it runs; check the server, then start it again$/,
    'a stdio MCP server answers on stdout for as long as it runs; check the service, then start it again',
  ],
  // not-event-stream.ts, an answer stream that ended without the answer.
  [/^[Rr]etry; if it keeps happening, check the server \(/, 'retry; if it keeps happening, check the service ('],
];

/** A pool's hint in the screens' words ("service"), its first letter's case kept. */
export function poolHintWords(hint: string): string {
  for (const [pattern, words] of RULES) {
    const found = pattern.exec(hint);
    if (found === null) continue;
    const first = found[0].charAt(0);
    // `$1` and on: what the rule's groups matched (a count), as written.
    const filled = words.replace(/\$(\d)/g, (_all, group: string) => found[Number(group)] ?? '');
    const shown = first === first.toUpperCase() ? `${filled.charAt(0).toUpperCase()}${filled.slice(1)}` : filled;
    return `${shown}${hint.slice(found[0].length)}`;
  }
  return hint;
}
