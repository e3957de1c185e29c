import type { StoreReferenceView, StoreUse } from '../../../shared/api';

const TYPE_WORDS: Record<StoreReferenceView['type'], string> = {
  pass: 'pass',
  keepassxc: 'KeePassXC',
  'secret-service': 'the desktop keyring',
  command: 'a password manager’s command',
  unknown: 'no store of that name',
};

/** "op (a password manager’s command)", or "KeePassXC" for the store of that kind's own name: which store, in words. */
export function storeWords(ref: Pick<StoreReferenceView, 'store' | 'type'>): string {
  return ref.store === ref.type ? TYPE_WORDS[ref.type] : `${ref.store} (${TYPE_WORDS[ref.type]})`;
}

/** "github: env.GITHUB_TOKEN, args[1]; notes: headers.Authorization": each server once, with its fields. */
export function usesWords(uses: StoreReferenceView['uses']): string {
  const byServer = new Map<string, string[]>();
  for (const use of uses) byServer.set(use.server, [...(byServer.get(use.server) ?? []), use.field]);
  return [...byServer].map(([server, fields]) => `${server}: ${fields.join(', ')}`).join('; ');
}

/** The servers that stop starting without it. */
export function usersOf(ref: Pick<StoreReferenceView, 'uses'>): string[] {
  return [...new Set(ref.uses.map((u) => u.server))];
}

/** Whether the last read resolved, for whom, and why not: the time goes between `verb` and `who`. */
export function lastUseParts(use: StoreUse): { verb: string; who: string; problem?: string } {
  const who = use.server !== undefined ? ` for ${use.server}` : ' (a test)';
  return use.ok ? { verb: 'resolved', who } : { verb: 'did not resolve', who, problem: use.problem ?? 'the store gave no value' };
}

export const NEVER_READ = 'not read since the app started';
