import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BRIDGE_NAME, bridgeName, buildNameTable, MAX_NAME_LENGTH, owningServer, sanitizeSegment, shortHash } from './index';

describe('shortHash (FNV-1a 64)', () => {
  it('matches the published test vectors', () => {
    expect(shortHash('')).toBe('cbf29ce484222325');
    expect(shortHash('a')).toBe('af63dc4c8601ec8c');
    expect(shortHash('foobar')).toBe('85944171f73967e8');
  });
});

describe('bridgeName', () => {
  it('prefixes the server and keeps plain names as they are', () => {
    expect(bridgeName('github', 'create_issue')).toBe('github__create_issue');
    expect(bridgeName('every-thing', 'get-sum')).toBe('every-thing__get-sum');
  });

  it('sanitizes to [A-Za-z0-9_-], one character for one', () => {
    expect(sanitizeSegment('a.b/c d')).toBe('a_b_c_d');
    expect(sanitizeSegment('')).toBe('_');
    expect(bridgeName('fs', 'read.file')).toBe('fs__read_file');
    expect(bridgeName('fs', 'lire-fichier-é')).toBe('fs__lire-fichier-_');
    expect(bridgeName('x', '😀')).toMatch(BRIDGE_NAME);
  });

  it('cuts long names to 64 characters with a stable hash of the exact pair', () => {
    const long = 'a'.repeat(100);
    const name = bridgeName('server', long);
    expect(name).toHaveLength(MAX_NAME_LENGTH);
    expect(name).toMatch(BRIDGE_NAME);
    expect(name.startsWith('server__aaaa')).toBe(true);
    expect(bridgeName('server', long)).toBe(name);
    // Same prefix, different tail: different names.
    expect(bridgeName('server', `${long}b`)).not.toBe(name);
    // Exactly 64 is kept whole.
    const exact = 'b'.repeat(64 - 'server__'.length);
    expect(bridgeName('server', exact)).toBe(`server__${exact}`);
  });
});

describe('buildNameTable', () => {
  it('maps every pair to a unique valid name and back exactly', () => {
    const items = [
      { server: 'a', name: 'x.y' },
      { server: 'a', name: 'x_y' },
      { server: 'a', name: 'x/y' },
      { server: 'a__b', name: 'c' },
      { server: 'a', name: 'b__c' },
      { server: 'long', name: 'q'.repeat(90) },
      { server: 'long', name: `${'q'.repeat(90)}r` },
      { server: 'ok', name: 'plain' },
    ];
    const table = buildNameTable(items);
    const names = items.map((i) => table.toBridge(i.server, i.name));
    expect(new Set(names).size).toBe(items.length);
    expect(table.size).toBe(items.length);
    for (const [index, item] of items.entries()) {
      const name = names[index];
      if (name === undefined) throw new Error('unnamed');
      expect(name).toMatch(BRIDGE_NAME);
      expect(table.fromBridge(name)).toEqual(item);
    }
    // A pair that collides with nobody keeps its plain name.
    expect(table.toBridge('ok', 'plain')).toBe('ok__plain');
  });

  it('gives every member of a colliding group a hash, whatever the order', () => {
    const one = [
      { server: 'a', name: 'x.y' },
      { server: 'a', name: 'x_y' },
    ];
    const forward = buildNameTable(one);
    const backward = buildNameTable([...one].reverse());
    for (const item of one) {
      const name = forward.toBridge(item.server, item.name);
      expect(name).toMatch(/^a__x_y_[0-9a-f]{8}$/);
      expect(backward.toBridge(item.server, item.name)).toBe(name);
    }
    // The server/tool separator cannot be faked by a server name with `__` in it: `a`'s tool keeps the name.
    const tricky = buildNameTable([
      { server: 'a__b', name: 'c' },
      { server: 'a', name: 'b__c' },
    ]);
    expect(tricky.fromBridge('a__b__c')).toEqual({ server: 'a', name: 'b__c' });
    expect(tricky.toBridge('a__b', 'c')).toBe(`a__b__${shortHash('a__b\u0000c').slice(0, 8)}-c`);
    expect(tricky.fromBridge(tricky.toBridge('a__b', 'c') ?? '')).toEqual({ server: 'a__b', name: 'c' });
  });

  it("never gives a tool a name in another server's namespace, that server's inventory known or not", () => {
    // `a__b` has never been started: nothing of it is listed; `a__b__c` is `a`'s `b__c`, the own form `a__b`'s.
    const servers = ['a', 'a__b', 'long'];
    const ownFormOfNested = `b__${shortHash('a__b\u0000c').slice(0, 8)}-c`;
    const table = buildNameTable(
      [
        { server: 'a', name: 'b__c' },
        { server: 'a', name: 'plain' },
        { server: 'a', name: `b__${'x'.repeat(90)}` },
        { server: 'a', name: ownFormOfNested },
      ],
      { servers },
    );
    expect(table.toBridge('a', 'plain')).toBe('a__plain');
    expect(table.toBridge('a', 'b__c')).toBe('a__b__c');
    for (const name of ['b__c', `b__${'x'.repeat(90)}`, ownFormOfNested]) {
      const bridge = table.toBridge('a', name) ?? '';
      expect(bridge).toMatch(BRIDGE_NAME);
      expect(owningServer(bridge, servers)).toBe('a');
    }
    // `a`'s tool of `a__b`'s own form is not given that name: it is `a__b`'s `c`, listed or not.
    expect(table.toBridge('a', ownFormOfNested)).toMatch(/^a__[0-9a-f]{8}-b_[0-9a-f]{8}-c$/);
    expect(owningServer(`a__${ownFormOfNested}`, servers)).toBe('a__b');
    // The names do not change when `a__b` starts and lists its own `c`, which takes its own form.
    const later = buildNameTable([{ server: 'a', name: 'b__c' }, { server: 'a', name: ownFormOfNested }, { server: 'a__b', name: 'c' }], { servers });
    expect(later.toBridge('a', 'b__c')).toBe('a__b__c');
    expect(later.toBridge('a', ownFormOfNested)).toBe(table.toBridge('a', ownFormOfNested));
    expect(later.toBridge('a__b', 'c')).toBe(`a__${ownFormOfNested}`);
    expect(owningServer('a__b__c', servers)).toBe('a');
    expect(owningServer('a__x', servers)).toBe('a');
    expect(owningServer('zz__x', servers)).toBeUndefined();
    // Three deep: each nested server keeps the names of its own form only.
    const deep = ['a', 'a__b', 'a__b__c'];
    expect(owningServer('a__b__c__d', deep)).toBe('a');
    expect(owningServer(`a__b__c__${shortHash('x').slice(0, 8)}-d`, deep)).toBe('a__b__c');
    expect(owningServer(`a__b__${shortHash('x').slice(0, 12)}-d`, deep)).toBe('a__b');
    expect(owningServer(`a__${shortHash('x').slice(0, 8)}-d`, deep)).toBe('a');
  });

  it('answers undefined for unknown names and pairs, and names duplicates once', () => {
    const table = buildNameTable([
      { server: 's', name: 't' },
      { server: 's', name: 't' },
    ]);
    expect(table.size).toBe(1);
    expect(table.toBridge('s', 't')).toBe('s__t');
    expect(table.toBridge('s', 'u')).toBeUndefined();
    expect(table.fromBridge('s__u')).toBeUndefined();
    expect(table.fromBridge('toString')).toBeUndefined();
  });

  it('stays unique when a hashed name equals another plain name, the hashed pair keeping it', () => {
    const hashedOf = buildNameTable([
      { server: 'a', name: 'x.y' },
      { server: 'a', name: 'x_y' },
    ]).toBridge('a', 'x.y');
    if (hashedOf === undefined) throw new Error('unnamed');
    // A third tool literally named like the hashed name of the first.
    const plainTool = hashedOf.slice('a__'.length);
    const table = buildNameTable([
      { server: 'a', name: 'x.y' },
      { server: 'a', name: 'x_y' },
      { server: 'a', name: plainTool },
    ]);
    const names = [table.toBridge('a', 'x.y'), table.toBridge('a', 'x_y'), table.toBridge('a', plainTool)];
    expect(new Set(names).size).toBe(3);
    expect(table.toBridge('a', 'x.y')).toBe(hashedOf);
    expect(table.toBridge('a', plainTool)).not.toBe(hashedOf);
    for (const name of names) expect(name).toMatch(BRIDGE_NAME);
  });
});

// Few letters and many `_`, so servers nest (`a`, `a_`, `a__b`), names collide once sanitized and cuts end in `_`.
const base = fc.stringMatching(/^[ab]_?$/);
const server = fc.oneof(base, fc.tuple(base, fc.stringMatching(/^[ab]{1,2}_?$/)).map(([outer, inner]) => `${outer}__${inner}`));
const tool = fc.oneof(
  { arbitrary: fc.stringMatching(/^[ab]{1,2}[_.]$/), weight: 3 },
  fc.stringMatching(/^[ab_.]{1,4}$/),
  fc.stringMatching(/^[ab_.]{50,70}$/),
);
const world = fc.uniqueArray(server, { minLength: 1, maxLength: 4 }).chain((servers) =>
  fc.record({
    servers: fc.constant(servers),
    items: fc.array(fc.record({ server: fc.constantFrom(...servers), name: tool }), { minLength: 1, maxLength: 30 }),
  }),
);

describe('hashed names (property)', () => {
  it("are always their own server's, never another tool's, and do not depend on other servers' inventories", () => {
    fc.assert(
      // Servers without items: enabled, never started.
      fc.property(world, ({ items, servers }) => {
        const table = buildNameTable(items, { servers });
        const restarted = buildNameTable([...items].reverse(), { servers });
        const seen = new Map<string, string>();
        for (const item of items) {
          const name = table.toBridge(item.server, item.name);
          if (name === undefined) throw new Error('unnamed');
          expect(name).toMatch(BRIDGE_NAME);
          expect(owningServer(name, servers), name).toBe(item.server);
          expect(table.fromBridge(name)).toEqual(item);
          expect(restarted.toBridge(item.server, item.name)).toBe(name);
          const pair = `${item.server}\u0000${item.name}`;
          expect(seen.get(name) ?? pair, `${name} twice`).toBe(pair);
          seen.set(name, pair);
          // Its server alone listed (the others not started): the same name.
          const alone = buildNameTable(items.filter((i) => i.server === item.server), { servers });
          expect(alone.toBridge(item.server, item.name)).toBe(name);
        }
      }),
      { numRuns: 500, seed: 37 },
    );
  });

  it('never change when a server whose name holds `__` or ends in `_` is added: it takes no name another pair has', () => {
    // Added after the others: no configured name starts with its `<name>__` (adding such an outer name is refused).
    const outerOfAnother = (name: string, servers: string[]): boolean => servers.some((s) => s !== name && `${s}__`.startsWith(`${name}__`));
    fc.assert(
      fc.property(world, ({ items, servers }) => {
        for (const added of servers.filter((s) => (s.includes('__') || s.endsWith('_')) && !outerOfAnother(s, servers))) {
          const others = servers.filter((s) => s !== added);
          const before = buildNameTable(items.filter((i) => i.server !== added), { servers: others });
          const after = buildNameTable(items, { servers });
          for (const item of items) {
            if (item.server === added) {
              expect(before.fromBridge(after.toBridge(item.server, item.name) ?? ''), item.name).toBeUndefined();
            } else {
              expect(after.toBridge(item.server, item.name), `${item.server} ${item.name} with ${added}`).toBe(before.toBridge(item.server, item.name));
            }
          }
        }
      }),
      { numRuns: 500, seed: 38 },
    );
  });

  it('never make a `__` where the cut text ends in `_`', () => {
    // Colliding `x.` and `x_` of `a` are both hashed; a kept `a__x_` would read `a__x__<hash>`, server `a__x`'s.
    const servers = ['a', 'a__x'];
    const table = buildNameTable([{ server: 'a', name: 'x.' }, { server: 'a', name: 'x_' }], { servers });
    for (const name of ['x.', 'x_']) {
      const bridge = table.toBridge('a', name) ?? '';
      expect(bridge).toMatch(/^a__x_[0-9a-f]{8}$/);
      expect(owningServer(bridge, servers)).toBe('a');
    }
    // A long name cut where its text ends in `_`.
    const long = `${'q'.repeat(52)}_${'r'.repeat(20)}`;
    expect(bridgeName('s', long)).toMatch(new RegExp(`^s__${'q'.repeat(52)}_[0-9a-f]{8}$`));
    // Names whose cut did not end in `_` are as before.
    expect(bridgeName('server', 'a'.repeat(100))).toBe(`server__${'a'.repeat(47)}_${shortHash(`server\u0000${'a'.repeat(100)}`).slice(0, 8)}`);
  });
});

// A server chooses its tools' names, and every agent sees the hashes: a tool named after another
// pair's hashed name took that name over, and calls meant for the other went to it.
describe("a tool named as another tool's hashed name", () => {
  const takeOver = (bridge: string): string => bridge.slice('hostile__'.length);
  it("does not take over a colliding pair's hashed name: it is hashed itself", () => {
    const before = buildNameTable([{ server: 'hostile', name: 'x.y' }, { server: 'hostile', name: 'x_y' }]);
    const dot = before.toBridge('hostile', 'x.y') ?? '';
    const underscore = before.toBridge('hostile', 'x_y') ?? '';
    expect(dot).toMatch(/^hostile__x_y_[0-9a-f]{8}$/);
    const after = buildNameTable([{ server: 'hostile', name: 'x.y' }, { server: 'hostile', name: 'x_y' }, { server: 'hostile', name: takeOver(dot) }, { server: 'hostile', name: takeOver(underscore) }]);
    expect(after.toBridge('hostile', 'x.y')).toBe(dot);
    expect(after.toBridge('hostile', 'x_y')).toBe(underscore);
    expect(after.fromBridge(dot)).toEqual({ server: 'hostile', name: 'x.y' });
    expect(after.toBridge('hostile', takeOver(dot))).toMatch(/^hostile__x_y_[0-9a-f]{8}_[0-9a-f]{8}$/);
    expect(after.size).toBe(4);
  });

  it("does not take over a long name's cut name, nor a foreign pair's own name", () => {
    const long = `${'read_'.repeat(15)}file`;
    const cut = bridgeName('hostile', long);
    const after = buildNameTable([{ server: 'hostile', name: long }, { server: 'hostile', name: cut.slice('hostile__'.length) }]);
    expect(after.toBridge('hostile', long)).toBe(cut);
    expect(after.fromBridge(cut)).toEqual({ server: 'hostile', name: long });
    const servers = ['a', 'a__b'];
    const foreign = buildNameTable([{ server: 'a__b', name: 'c' }], { servers });
    const own = foreign.toBridge('a__b', 'c') ?? '';
    const both = buildNameTable([{ server: 'a__b', name: 'c' }, { server: 'a', name: own.slice('a__'.length) }], { servers });
    expect(both.toBridge('a__b', 'c')).toBe(own);
    expect(both.fromBridge(own)).toEqual({ server: 'a__b', name: 'c' });
  });
});
