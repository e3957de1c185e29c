import { bridgeName, isCutName, owningServer, ownName, withHash } from './bridge-name';

export interface NamedItem {
  server: string;
  name: string;
}

/** A two-way map between `(server, name)` pairs and unique bridge names. */
export interface NameTable {
  /** The bridge name of a pair, or undefined when the pair is not in the table. */
  toBridge(server: string, name: string): string | undefined;
  /** The exact pair a bridge name stands for, or undefined. */
  fromBridge(bridgeName: string): NamedItem | undefined;
  readonly size: number;
}

function key(server: string, name: string): string {
  return `${server}\u0000${name}`;
}

export interface NameTableOptions {
  /**
   * Every server that may own names, its inventory known or not (e.g. never started). A pair whose
   * plain name is in another of these servers' namespace (owningServer) gets ownName instead, so a
   * name never means one server's tool now and another's once that one has started.
   */
  servers?: Iterable<string>;
}

/**
 * Names every pair uniquely. A pair keeps `bridgeName(server, name)` unless another pair maps to the
 * same string; then every pair of that group gets a hash of its own exact pair instead, so the outcome
 * does not depend on the order of the input. Duplicated pairs are named once.
 */
export function buildNameTable(items: Iterable<NamedItem>, options: NameTableOptions = {}): NameTable {
  const pairs = new Map<string, NamedItem>();
  for (const item of items) pairs.set(key(item.server, item.name), { server: item.server, name: item.name });

  const servers = new Set(options.servers ?? []);
  for (const item of pairs.values()) servers.add(item.server);
  const groups = new Map<string, NamedItem[]>();
  const foreign: NamedItem[] = [];
  for (const item of pairs.values()) {
    const candidate = bridgeName(item.server, item.name);
    if (owningServer(candidate, servers) !== item.server) {
      foreign.push(item);
      continue;
    }
    const group = groups.get(candidate);
    if (group) group.push(item);
    else groups.set(candidate, [item]);
  }

  const forward = new Map<string, string>();
  const backward = new Map<string, NamedItem>();
  const place = (item: NamedItem, name: string): void => {
    forward.set(key(item.server, item.name), name);
    backward.set(name, item);
  };
  const plain: Array<[string, NamedItem]> = [];
  const hashed: Array<[string, NamedItem]> = [];
  for (const [candidate, group] of groups) {
    // A cut name holds its pair's hash: a tool named like it is the look-alike, and it is the one hashed.
    const cut = group.filter((item) => isCutName(item.server, item.name));
    const keeper = group.length === 1 ? group[0] : cut.length === 1 ? cut[0] : undefined;
    if (keeper !== undefined) plain.push([candidate, keeper]);
    for (const item of group) if (item !== keeper) hashed.push([candidate, item]);
  }
  // The own name of a pair, its hash lengthened (then salted) until it meets no name already given.
  const placeOwn = (item: NamedItem): void => {
    let digits = 8;
    let name = ownName(item.server, item.name, digits);
    while (backward.has(name) && digits < 16) {
      digits += 4;
      name = ownName(item.server, item.name, digits);
    }
    for (let n = 1; backward.has(name); n++) name = ownName(item.server, `${item.name}\u0000${n}`, 16);
    place(item, name);
  };
  // A hashed name meeting another name given (in theory only, between hashes): the hash is lengthened until it does not.
  const placeHashed = (candidate: string, item: NamedItem): void => {
    let digits = 8;
    let name = withHash(candidate, item.server, item.name, digits);
    while (backward.has(name) && digits < 16) {
      digits += 4;
      name = withHash(candidate, item.server, item.name, digits);
    }
    // 64 bits of hash exhausted: a last resort no real inventory reaches.
    for (let n = 1; backward.has(name); n++) name = withHash(candidate, item.server, item.name, 16, `${key(item.server, item.name)}\u0000${n}`);
    // The cut may end inside the `<server>__` prefix (a long hash) or meet a longer server's prefix:
    // such a name would be read as another server's, so the pair gets its own name instead.
    if (owningServer(name, servers) !== item.server) placeOwn(item);
    else place(item, name);
  };
  // Names made with a hash are given first. A server chooses its tools' names and every agent sees the
  // hashes: a tool named as another pair's hashed or own name is hashed itself, so it cannot take that
  // name over, and a name an agent or its client kept goes on meaning the same tool.
  for (const item of foreign) placeOwn(item);
  for (const [candidate, item] of hashed) placeHashed(candidate, item);
  for (const [candidate, item] of plain) {
    if (backward.has(candidate)) placeHashed(candidate, item);
    else place(item, candidate);
  }

  return {
    toBridge: (server, name) => forward.get(key(server, name)),
    fromBridge: (name) => {
      const item = backward.get(name);
      return item ? { server: item.server, name: item.name } : undefined;
    },
    get size() {
      return backward.size;
    },
  };
}
