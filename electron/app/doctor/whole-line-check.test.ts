import { describe, expect, it } from 'vitest';
import { wholeLineCheck } from './whole-line-check';

const installed = new Set(['npx', 'node']);
const found = (program: string): boolean => installed.has(program);
const check = (command: string) => wholeLineCheck('server:s', 'Server s', 's', { command }, '/d/mcp.json', false, found);

describe('doctor: a command stored as a whole line in one word', () => {
  it('is said as such when its first word is a program found, with the edit that splits it', () => {
    expect(check('npx -y pkg')).toMatchObject({ status: 'fail', fix: 'Split it into the program and its arguments: connected-services servers edit s -- npx -y pkg' });
  });

  it('is not when the first word is no program found: a path with spaces, or a Windows path read as a line', () => {
    expect(check('/opt/My Tools/server')).toBeNull();
    expect(check('C:\\Program Files\\srv\\server.exe --stdio')).toBeNull();
    expect(check('nosuch -y pkg')).toBeNull();
  });
});
