import { stem } from './tokens';

/**
 * Words agents use for what tools call otherwise. Each group is a set of words that name the same
 * need; a query's word also looks for the others of its groups, at SYNONYM_WEIGHT. Kept small and
 * general on purpose: a service's own vocabulary belongs to its tools' descriptions, not here.
 */
const GROUPS: readonly string[] = [
  'find search lookup query look locate seek',
  'get fetch retrieve read show view obtain display see',
  'list enumerate browse all',
  'create add new make insert post open start',
  'delete remove destroy drop erase trash purge',
  'update edit modify change patch set rename alter',
  'issue ticket bug',
  'pull pr merge',
  'repo repository',
  'message msg chat dm',
  'send post notify reply',
  'email mail inbox',
  'file document doc',
  'folder directory dir',
  'user member person people account profile',
  'channel room conversation',
  'comment reply note remark',
  'database db sql',
  'table collection',
  'row record entry item',
  'run execute exec invoke trigger perform',
  'screenshot capture snapshot',
  'navigate go visit url open browse',
  'click press tap',
  'type fill enter input write',
  'calendar event meeting schedule appointment',
  'payment charge pay checkout',
  'customer client buyer',
  'invoice bill billing',
  'deploy release publish ship rollout',
  'log logs logging',
  'error exception crash failure incident',
  'metric stat statistic measurement',
  'kubernetes k8s cluster',
  'pod container',
  'image picture photo',
  'web internet online website site',
  'scrape crawl extract',
  'summary summarize overview',
  'location place address geocode coordinates',
  'direction route directions navigation',
  'task todo',
  'label tag',
  'close resolve complete finish done',
  'cancel stop abort kill halt terminate',
  'upload attach',
  'download save export',
  'workflow pipeline job build',
  'secret credential key token password',
  'documentation docs manual reference guide',
  'library package dependency module',
  'project workspace',
  'memory remember knowledge graph',
  'entity node',
  'relation relationship edge link',
  'spreadsheet sheet',
  'weather forecast',
  'cost price spend',
  'transcript caption subtitle',
  'video youtube',
  'organization org team company',
  'permission access role',
  'count number total how many',
  'recent latest newest last',
  'whoami viewer self authenticated current',
  'reaction emoji react',
  'rename move',
  'forget delete',
  'remember store save',
  'draw generate render',
  'latitude longitude coordinates geocode',
  'drive driving car travel',
  'program process',
  'sum add plus addition',
  'column field attribute property',
  'progress history trend',
  'gym workout exercise training',
  'tell notify send announce',
  'blocked blocks relation dependency',
  'crm contact deal company object',
  'link associate association connect',
  'review reviewer',
  'check status passing',
  // General vocabulary of what tools act on and report, by meaning (sizes, times, people, places, results),
  // written from common English and API words rather than from the labelled needs.
  'size big large small bytes length',
  'duration time elapsed long',
  'distance far near',
  'output result response return',
  'previous prior earlier',
  'rollback revert undo restore',
  'version revision',
  'automation rule',
  'sprint iteration cycle',
  'board kanban',
  'settings config configuration preferences',
  'owner author creator',
  'description summary',
  'schema structure definition spec',
  'query sql select',
  'notification alert',
  'usage consumption quota limit',
  'schedule cron recurring',
  'subscription plan',
  'share permission invite',
  'translate translation language',
];

/** Phrases agents write that name a need in other words than any tool's (applied before splitting into words). */
export const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bwho am i\b/gi, 'whoami current user'],
  [/\bthumbs? up\b/gi, 'reaction'],
  [/\bsign(?:ed)? in as\b/gi, 'whoami'],
  [/\blogged in as\b/gi, 'whoami'],
];

export const SYNONYM_WEIGHT = 0.5;

let table: Map<string, Set<string>> | undefined;

/** Stem → the stems of every word sharing a group with it (itself excluded). */
function synonymTable(): Map<string, Set<string>> {
  if (table !== undefined) return table;
  table = new Map();
  for (const group of GROUPS) {
    const stems = [...new Set(group.split(' ').map((w) => stem(w.toLowerCase())))];
    for (const s of stems) {
      const set = table.get(s) ?? new Set<string>();
      for (const other of stems) if (other !== s) set.add(other);
      table.set(s, set);
    }
  }
  return table;
}

export function synonymsOf(term: string): ReadonlySet<string> {
  return synonymTable().get(term) ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();
