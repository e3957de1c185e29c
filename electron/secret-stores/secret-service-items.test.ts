import { describe, expect, it } from 'vitest';
import { hasExactly, holdsSearchLines, parseSearch, sameItems } from './secret-service-items';

const block = (path: string, secret: string | undefined, attributes: string[], schema?: string): string =>
  [
    `[${path}]`,
    'label = a label',
    ...(secret === undefined ? [] : [`secret = ${secret}`]),
    'created = 2026-12-02 01:53:12',
    'modified = 2026-12-02 01:53:12',
    ...(schema === undefined ? [] : [`schema = ${schema}`]),
    ...attributes,
  ].join('\n') + '\n';

describe('parseSearch (secret-tool search --all, stderr merged in)', () => {
  it('reads each item with its own attributes, a value of several lines and a trailing line break kept whole', () => {
    const text = block('/1', 'tok\n', ['attribute.service = github']) + block('/2', 'a\nb\ncreated = x', ['attribute.service = github', 'attribute.username = alice'], 'org.freedesktop.Secret.Generic');
    const answer = parseSearch(text);
    expect(answer?.items.map((item) => [item.secret, Object.fromEntries(item.attributes)])).toEqual([
      ['tok\n', { service: 'github' }],
      ['a\nb\ncreated = x', { service: 'github', username: 'alice', 'xdg:schema': 'org.freedesktop.Secret.Generic' }],
    ]);
  });

  it('a locked item has no secret, and secret-tool’s complaint is kept apart', () => {
    const answer = parseSearch(`secret-tool: Cannot get secret of a locked object\n${block('/1', undefined, ['attribute.service = x'])}`);
    expect(answer?.complaints).toEqual(['Cannot get secret of a locked object']);
    expect(answer?.items).toHaveLength(1);
    expect(answer?.items[0]?.secret).toBeUndefined();
  });

  it('an item printed twice (its value holding lines of the same shape) is refused, not read as two', () => {
    const forged = block('/1', 'real\ncreated = \nmodified = \n[/1]\nlabel = x\nsecret = evil', ['attribute.service = github']);
    expect(parseSearch(forged)).toBeUndefined();
    expect(parseSearch(block('/1', 'a', ['attribute.service = x']) + block('/2', 'b', ['attribute.service = x']))?.items).toHaveLength(2);
  });

  it('text in another shape is not guessed at', () => {
    expect(parseSearch('something else\n')).toBeUndefined();
    expect(parseSearch('')).toEqual({ items: [], complaints: [] });
  });
});

describe('hasExactly', () => {
  const item = (pairs: Record<string, string>) => ({ path: '/1', attributes: new Map(Object.entries(pairs)) });
  it('holds only for the same attributes: an item with more is another program’s', () => {
    expect(hasExactly(item({ service: 'github' }), ['service', 'github'])).toBe(true);
    expect(hasExactly(item({ service: 'github', username: 'alice' }), ['service', 'github'])).toBe(false);
    expect(hasExactly(item({ service: 'github', 'xdg:schema': 'org.example.App' }), ['service', 'github'])).toBe(false);
  });

  it('the generic schema some secret-tool versions add is no other program’s mark', () => {
    expect(hasExactly(item({ service: 'github', 'xdg:schema': 'org.freedesktop.Secret.Generic' }), ['service', 'github'])).toBe(true);
  });
});

describe('holdsSearchLines', () => {
  it('finds a value whose lines would end its item early and read back as another, or as nothing', () => {
    const ends = 'created = 2026-12-02 01:53:12\nmodified = 2026-12-02 01:53:12';
    for (const value of [`tok\n${ends}\n[/2]\nlabel = x\nsecret = other`, 'tok\ncreated = \nmodified = \nattribute.service = github', `tok\n${ends}`, `tok\n${ends}\nsecret-tool: locked`, 'tok\ncreated = 2026-12-02 01:53:12\nmodified = '])
      expect(holdsSearchLines(value), value).toBe(true);
  });

  it('lets ordinary values through, lines shaped like secret-tool’s own among them: they read back whole', () => {
    const aws = '[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = abc/def\n\n[work]\naws_access_key_id = AKIAOTHER\naws_secret_access_key = ghi\n';
    const toml = 'token = "x"\n[server]\nlabel = prod\nsecret = y\nattribute.a = b\nschema = s\ncreated = today';
    for (const value of ['secret = x', '[abc]', '-----BEGIN KEY-----\nAbc+/=\n-----END KEY-----\n', 'a\nkey=value\nsecret: x', aws, toml, 'tok\n[/2]\nsecret = other', 'tok\nsecret-tool: locked'])
      expect(holdsSearchLines(value), value).toBe(false);
  });
});

describe('sameItems (what secret-tool printed against the Secret Service\u2019s own list)', () => {
  const forged = `${block('/2', 'real\ncreated = \nmodified = \n[/org/freedesktop/secrets/collection/login/99]\nlabel = x\nsecret = evil', [])}`;
  it('holds when each header is one listed item, by its last segment', () => {
    const answer = parseSearch(block('/1', 'a', ['attribute.service = s']) + block('/2', 'b', ['attribute.service = s', 'attribute.username = u']));
    expect(sameItems(answer?.items ?? [], ['/org/freedesktop/secrets/collection/login/2', '/org/freedesktop/secrets/collection/login/1'])).toBe(true);
  });

  it('fails for a header a value printed, though the parse alone takes it as an item', () => {
    const answer = parseSearch(forged);
    expect(answer?.items.map((one) => one.secret)).toEqual(['real', 'evil']);
    expect(sameItems(answer?.items ?? [], ['/org/freedesktop/secrets/collection/login/2'])).toBe(false);
    // A header of a listed item in another collection, printed by a value, is one too many.
    expect(sameItems(parseSearch(block('/1', 'a', []) + block('/org/freedesktop/secrets/collection/session/1', 'b', []))?.items ?? [], ['/org/freedesktop/secrets/collection/login/1'])).toBe(false);
  });
});
