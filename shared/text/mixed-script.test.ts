import { describe, expect, it } from 'vitest';
import { mixedScripts, revealMixedScript } from './mixed-script';
import { skeleton } from './skeleton';

describe('mixed scripts (UTS #39 §5.1)', () => {
  it('finds a Cyrillic letter inside a Latin word and shows it as an escape', () => {
    expect(mixedScripts('Gіthub')).toEqual(['Cyrillic', 'Latin']);
    expect(revealMixedScript('Gіthub')).toBe('G\\u0456thub');
    expect(revealMixedScript('io.github.оwner/name')).toBe('io.github.\\u043ewner/name');
    expect(mixedScripts('Рaypal Payments')).toEqual(['Cyrillic', 'Latin']);
  });

  it('leaves alone words each of one script, digits and marks, and the scripts Japanese writes together', () => {
    for (const text of ['GitHub', 'Яндекс Maps', 'io.github.owner/name-2', 'Café', 'Cafe\u0301', '東京タワー', 'Ελληνικά', 'Notion (бета)']) {
      expect(mixedScripts(text), text).toBeUndefined();
      expect(revealMixedScript(text)).toBe(text);
    }
  });

  it('leaves alone Latin written beside Han, kana, Hangul or Bopomofo (§5.2 Highly Restrictive), not beside Cyrillic', () => {
    for (const text of ['GitHub連携', 'Slackボット', 'Notion연동', 'API接口', 'Git注音ㄅㄆ']) {
      expect(mixedScripts(text), text).toBeUndefined();
      expect(revealMixedScript(text)).toBe(text);
    }
    expect(mixedScripts('Gіthub連携')).toEqual(['Cyrillic', 'Han', 'Latin']);
    expect(revealMixedScript('Gіthub連携')).toBe('G\\u0456thub連携');
    expect(mixedScripts('Gіthub')).toEqual(['Cyrillic', 'Latin']);
    expect(mixedScripts('東京ソウル서울')).toEqual(['Han', 'Hangul', 'Katakana']);
  });

  it('takes the script most of the word is in as its own', () => {
    expect(revealMixedScript('Пpивет')).toBe('П\\u0070ивет');
    expect(mixedScripts('Пpивет')).toEqual(['Cyrillic', 'Latin']);
  });
});

describe('skeleton', () => {
  it('reads a look-alike title, case and spacing as the same', () => {
    expect(skeleton('Gіthub')).toBe(skeleton('GitHub'));
    expect(skeleton('Git Hub')).toBe('github');
    expect(skeleton('ＧｉｔＨｕｂ')).toBe('github');
    expect(skeleton('GitLab')).not.toBe(skeleton('GitHub'));
  });

  it('reads the ASCII letters and digits drawn alike as one (§4: I and 1 as l, 0 as o, rn as m, vv as w)', () => {
    expect(skeleton('SIack')).toBe(skeleton('Slack'));
    expect(skeleton('ⅭIaude')).toBe(skeleton('Claude'));
    expect(skeleton('S1ack')).toBe(skeleton('Slack'));
    expect(skeleton('G00gle')).toBe(skeleton('Google'));
    expect(skeleton('Figrna')).toBe(skeleton('Figma'));
    expect(skeleton('Tvvitter')).toBe(skeleton('Twitter'));
    expect(skeleton('Slack')).not.toBe(skeleton('Stack'));
  });

  it('reads a word wholly of Lisu or Cherokee capitals as the Latin it is drawn like', () => {
    expect(skeleton('ꓖꓲꓔꓧꓴꓐ')).toBe(skeleton('GITHUB'));
    expect(skeleton('ᎻᎬᏞᏞᎾ')).toBe(skeleton('HELLO'));
  });

  it('reads a title with a Hangul filler as the title without it, and a braille blank as a space', () => {
    expect(skeleton('Slack\u3164')).toBe(skeleton('Slack'));
    expect(skeleton('\u115fSl\u1160ack\uffa0')).toBe(skeleton('Slack'));
    expect(skeleton('a\u2800b')).toBe(skeleton('a b'));
    expect(skeleton('Git\u2800Hub')).toBe('github');
  });
});
