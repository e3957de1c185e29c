import { closestWord } from '../text';

/** The servers an agent names that none is configured as, each once; none when it may use every one ("*", kept as ["*"]). */
export function unknownServers(servers: readonly string[] | '*', configured: readonly string[]): string[] {
  if (servers === '*' || servers.includes('*')) return [];
  return [...new Set(servers.filter((name) => !configured.includes(name)))];
}

/** The configured names the unknown ones likely meant (a typo's), each once. */
export function likelyMeant(unknown: readonly string[], configured: readonly string[]): string[] {
  return [...new Set(unknown.flatMap((name) => closestWord(name, configured) ?? []))];
}

/** "no server of that name" for one, "no server by those names" for more. */
export function noneNamed(count: number, noun: string): string {
  return count === 1 ? `no ${noun} of that name` : `no ${noun} by those names`;
}
