import { describe, expect, it } from 'vitest';
import { unportableReason } from './portable-file-name';

describe('unportableReason', () => {
  it.each([
    'manifest.json',
    'server/index.js',
    'server/',
    'node_modules/.bin/tool',
    '.env.example',
    './server/index.js',
    'console.js',
    'con-fig.json',
    'icon.png',
    'nullish/index.js',
    'COM10.txt',
    'aux_files/readme.md',
    'com1x/a',
    'a b/c d.txt',
    'file.with.dots.js',
    'ünïcode/ファイル.txt',
  ])('takes %j', (name) => {
    expect(unportableReason(name)).toBeUndefined();
  });

  it.each([
    ['docs/a:b.md', /character ":"/],
    ['server/index.js:stream', /character ":"/],
    ['less<than', /character "<"/],
    ['more>than', /character ">"/],
    ['say"hi"', /character "\\""/],
    ['pipe|d', /character "\|"/],
    ['what?.txt', /character "\?"/],
    ['star*/x.js', /character "\*"/],
    ['bell\u0007.txt', /control character \(code 7\)/],
    ['tab\there', /control character \(code 9\)/],
    ['new\nline', /control character \(code 10\)/],
    ['trailing.', /ending in a dot/],
    ['folder./index.js', /ending in a dot/],
    ['trailing ', /ending in a space/],
    ['folder /index.js', /ending in a space/],
    ['CON', /keeps for a device \(CON\)/],
    ['con.txt', /keeps for a device \(CON\)/],
    ['lib/Nul.tar.gz', /keeps for a device \(NUL\)/],
    ['prn.js', /device \(PRN\)/],
    ['AUX/readme.md', /device \(AUX\)/],
    ['com1', /device \(COM1\)/],
    ['COM9.log', /device \(COM9\)/],
    ['lpt1.txt', /device \(LPT1\)/],
    ['LpT9', /device \(LPT9\)/],
    ['COM¹.txt', /device \(COM¹\)/],
    ['CON .txt', /device \(CON\)/],
  ])('refuses %j', (name, why) => {
    expect(unportableReason(name)).toMatch(why);
  });

  it('names the first part that is not portable', () => {
    expect(unportableReason('a:b/CON/c.')).toMatch(/character ":"/);
    expect(unportableReason('ok/CON/c.')).toMatch(/"CON"/);
  });
});
