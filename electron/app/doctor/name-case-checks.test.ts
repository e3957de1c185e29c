import { describe, expect, it } from 'vitest';
import { nameCaseChecks } from './name-case-checks';

const server = { command: 'node', args: ['m.js'] };
const RENAME = 'remove it and add it again under a name that differs in more than case';

describe('nameCaseChecks', () => {
  it("names mcp.json for a pair that is the file's alone", () => {
    expect(nameCaseChecks({ diary: server, DIARY: server }).map((check) => check.fix)).toEqual([
      `rename one of them in mcp.json (${RENAME}: connected-services servers remove DIARY, then servers add)`,
    ]);
  });

  it('names where each is declared when one of the pair is declared in code, whichever comes first', () => {
    const inCode = (name: string): boolean => name === 'diary';
    const fix = `rename one of them: "diary" in the servers given to openConnectedServices, or "DIARY" in mcp.json (${RENAME}: connected-services servers remove DIARY, then servers add)`;
    expect(nameCaseChecks({ diary: server, DIARY: server }, inCode).map((check) => check.fix)).toEqual([fix]);
    expect(nameCaseChecks({ DIARY: server, diary: server }, inCode).map((check) => check.fix)).toEqual([fix]);
  });

  it('names the entry in code alone when both are declared there', () => {
    expect(nameCaseChecks({ diary: server, DIARY: server }, () => true).map((check) => check.fix)).toEqual(['rename one of them in the servers given to openConnectedServices']);
  });
});
