import type { StoreReferenceView, StoreUse } from '../../../shared/api';

const TYPE_WORDS: Record<StoreReferenceView['type'], string> = {
  pass: 'pass',
  keepassxc: 'KeePassXC',
  'secret-service': 'the desktop keyring',
  command: 'a password manager’s command',
  unknown: 'no store of that name',
};

/** "op (a password manager’s command)": which store, in words. */
export function storeWords(ref: Pick<StoreReferenceView, 'store' | 'type'>): string {
  return `${ref.store} (${TYPE_WORDS[ref.type]})`;
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

/** Whether the last read resolved, and for whom: the time itself is shown beside it. */
export function lastUseWords(use: StoreUse | undefined): string {
  if (use === undefined) return 'not read since the app started';
  const who = use.server !== undefined ? ` for ${use.server}` : ' (a test)';
  return use.ok ? `resolved${who}` : `did not resolve${who}: ${use.problem ?? 'no value'}`;
}
