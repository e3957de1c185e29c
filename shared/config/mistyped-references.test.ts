import { describe, expect, it } from 'vitest';
import { mistypedReferences } from './mistyped-references';

describe('mistypedReferences', () => {
  it('finds a kind that is a typo or another case of ours, with what it meant', () => {
    expect(mistypedReferences('${secrt:Y}')).toEqual([{ text: '${secrt:Y}', meant: '${secret:Y}' }]);
    expect(mistypedReferences('a ${SECRET:Y} b ${Token:gh} ${secretfile:K} ${ENV:HOME}').map((m) => m.meant)).toEqual(['${secret:Y}', '${token:gh}', '${secretFile:K}', '${env:HOME}']);
  });

  it("leaves ours, escaped ones, a shell's defaults and other words alone", () => {
    expect(mistypedReferences('${secret:Y} ${secretFile:K} ${env:HOME} ${token:gh} $${secrt:Y}')).toEqual([]);
    expect(mistypedReferences('${SECRET:-none} ${TOKEN:=x} ${HOME} ${PATH:x} ${KEY:y} ${DEV:z} ${GITHUB_TOKEN}')).toEqual([]);
  });
});
