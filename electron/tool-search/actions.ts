import { stem, words } from './tokens';

/**
 * What a need asks done, and what a tool does, in a few kinds of action: most tool names begin with
 * their verb (`get_`, `list`, `create-`, `delete`…), and agents use many other verbs for the same kind
 * ("forget" Bob, "tell" the team, "record" a workout). A general English lexicon of such verbs, written
 * from the language and from common API vocabulary, not from the labelled set's needs. Where the need's
 * kind and the tool's agree the tool is preferred (verb–object pairing: "read the replies" wants
 * get_thread_replies, not reply_to_thread).
 */
export type Action = 'read' | 'create' | 'update' | 'delete' | 'send' | 'run' | 'stop';

const VERBS: Record<Action, string> = {
  read:
    'get fetch retrieve read show view see display list enumerate browse find search query lookup look locate seek ' +
    'discover explore inspect examine describe check review count measure tell explain summarize summarise inquire ' +
    'monitor watch scan peek preview print report download export extract scrape crawl analyze analyse compare ' +
    'calculate compute estimate whoami',
  create:
    'create add make new insert register record save store write compose draft generate draw render build ' +
    'produce book schedule plan establish setup upload import copy clone fork duplicate ' +
    'attach link connect associate bookmark provision spawn init initialize initialise',
  update:
    'update edit modify change patch set rename alter move put assign adjust configure replace fix correct amend ' +
    'toggle enable disable mark archive rearrange reorder sort resize rotate merge reopen restore revert rollback ' +
    'roll promote demote transfer convert upgrade downgrade tag label star pin unpin lock unlock',
  delete:
    'delete remove destroy drop erase trash purge forget clear wipe unlink detach uninstall revoke discard ' +
    'prune evict unsubscribe unfollow uninvite dismiss deprovision',
  send: 'send post tell notify message reply respond answer announce share publish email mail dm ping broadcast invite forward text comment',
  stop: 'stop cancel abort halt kill terminate pause suspend interrupt quit shutdown',
  run: 'run execute exec invoke trigger perform launch start call evaluate eval test deploy apply rerun retry restart',
};

/** A word's kinds of action (most have one; a few, such as "tell", two). */
let table: Map<string, Set<Action>> | undefined;
function kinds(): Map<string, Set<Action>> {
  if (table !== undefined) return table;
  table = new Map();
  for (const [action, list] of Object.entries(VERBS) as Array<[Action, string]>) {
    for (const word of list.split(' ')) {
      const s = stem(word);
      const set = table.get(s) ?? new Set<Action>();
      set.add(action);
      table.set(s, set);
    }
  }
  return table;
}

/** Questions ask to read: "what is in…", "which pull requests…", "how big are…". */
const QUESTION = /^\s*(what|what's|whats|which|who|who's|whose|where|when|how|is|are|does|do|did|was|were|has|have|can|could)\b/i;

/**
 * The kinds of action a need asks: `read` for a question ("what did the reviewers say"), else those of
 * its first word that has any (agents write needs as imperatives: "cancel the running pipeline").
 */
export function needActions(need: string): ReadonlySet<Action> {
  if (QUESTION.test(need)) return READ;
  const table = kinds();
  for (const w of words(need)) {
    const found = table.get(stem(w));
    if (found !== undefined) return found;
  }
  return NONE;
}

const READ: ReadonlySet<Action> = new Set(['read']);
const NONE: ReadonlySet<Action> = new Set();

/** The kinds of action a term (a stem) names, if any. */
export function termActions(term: string): ReadonlySet<Action> | undefined {
  return kinds().get(term);
}

/** The kind of action a tool's name says: that of the first word of its name that has one. */
export function toolAction(nameTerms: readonly string[]): Action | undefined {
  const table = kinds();
  for (const term of nameTerms) {
    const found = table.get(term);
    if (found !== undefined && found.size === 1) return [...found][0];
  }
  return undefined;
}
