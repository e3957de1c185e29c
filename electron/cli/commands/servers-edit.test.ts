import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editedConfig } from './servers-edit';

const stdio = { command: 'npx', args: ['-y', 'pkg'], env: { A: '1', B: '2' }, timeoutMs: 5000 };

describe('servers edit: the entry with the options applied', () => {
  it('replaces the command line after --, or the program and arguments one by one, keeping the rest', () => {
    expect(editedConfig(stdio, ['node', 'server.js'], {})).toEqual({ ...stdio, command: 'node', args: ['server.js'] });
    expect(editedConfig(stdio, [], { command: 'uvx' })).toEqual({ ...stdio, command: 'uvx' });
    expect(editedConfig(stdio, [], { arg: ['--port', '3'] })).toEqual({ ...stdio, args: ['--port', '3'] });
    expect(editedConfig(stdio, ['solo'], {})).toEqual({ command: 'solo', env: stdio.env, timeoutMs: 5000 });
  });

  it('refuses an edit that names nothing to change (it would log a change, or ask to confirm one)', () => {
    expect(() => editedConfig(stdio, [], {})).toThrow('servers edit was given nothing to change');
    expect(editedConfig(stdio, [], { description: '' })).toEqual(stdio);
  });

  it('refuses a command line after -- with --command or --arg, which one of them would silently override', () => {
    expect(() => editedConfig(stdio, ['node', 'y'], { arg: ['x'] })).toThrow('servers edit was given a command line after -- and --command or --arg too');
    expect(() => editedConfig(stdio, ['node'], { command: 'uvx' })).toThrow('after -- and --command or --arg too');
  });

  it('refuses to set and remove one variable at once, and to remove one the entry does not set', () => {
    expect(() => editedConfig(stdio, [], { env: ['C=1'], unsetEnv: ['C'] })).toThrow('--env and --unset-env both name "C"');
    const typo = (() => {
      try {
        editedConfig(stdio, [], { unsetEnv: ['AA'] });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(typo).toMatchObject({ code: 'invalid_input', message: 'The entry sets no environment variable "AA" to remove', hint: 'It sets "A", "B"' });
    expect(() => editedConfig({ command: 'npx' }, [], { unsetEnv: ['A'] })).toThrow('sets no environment variable "A"');
  });

  it('sets and removes variables, sets or clears the folder, and the description', () => {
    expect(editedConfig(stdio, [], { env: ['A=x', 'C=${secret:C}'], unsetEnv: ['B'], cwd: '/srv', description: 'd' })).toEqual({
      ...stdio,
      env: { A: 'x', C: '${secret:C}' },
      cwd: '/srv',
      description: 'd',
    });
    expect(editedConfig({ ...stdio, cwd: '/x' }, [], { cwd: '', unsetEnv: ['A', 'B'] })).toEqual({ command: 'npx', args: ['-y', 'pkg'], timeoutMs: 5000 });
  });

  it('an empty --description, or --arg or --header alone empty, clears its field instead of storing ""', () => {
    const described = { ...stdio, description: 'old' };
    expect(editedConfig(described, [], { description: '' })).toEqual(stdio);
    expect(editedConfig(described, [], { description: '  ' })).toEqual(stdio);
    expect(editedConfig(stdio, [], { arg: [''] })).toEqual({ command: 'npx', env: stdio.env, timeoutMs: 5000 });
    expect(editedConfig(stdio, [], { arg: ['a', '', 'b'] })).toEqual({ ...stdio, args: ['a', '', 'b'] }); // among others, an argument
    const http = { type: 'http' as const, url: 'https://a.example/mcp', headers: { X: '1' }, description: 'old' };
    expect(editedConfig(http, [], { header: [''], description: '' })).toEqual({ type: 'http', url: 'https://a.example/mcp' });
  });

  it('sets a call timeout, goes back to the default with "", and refuses one out of range in its own words', () => {
    expect(editedConfig(stdio, [], { timeout: '120000' })).toEqual({ ...stdio, timeoutMs: 120_000 });
    const { timeoutMs: _default, ...untimed } = stdio;
    expect(editedConfig(stdio, [], { timeout: '' })).toEqual(untimed);
    expect(() => editedConfig(stdio, [], { timeout: '1e99' })).toThrow('--timeout takes a whole number of milliseconds from 100 to 3600000 (an hour), not "1e99"');
  });

  it('a relative --cwd is the folder where it was typed, not wherever the app runs', () => {
    expect(editedConfig(stdio, [], { cwd: 'notes' })).toEqual({ ...stdio, cwd: resolve(process.cwd(), 'notes') });
  });

  it('changes a URL server\'s address and headers, and refuses options of the other transport', () => {
    const http = { type: 'http' as const, url: 'https://a.example/mcp', headers: { X: '1' } };
    expect(editedConfig(http, [], { url: 'https://b.example/mcp', header: ['Y: 2'] })).toEqual({ type: 'http', url: 'https://b.example/mcp', headers: { Y: '2' } });
    expect(() => editedConfig(http, [], { env: ['A=1'] })).toThrow(/URL server/);
    expect(() => editedConfig(stdio, [], { url: 'https://x' })).toThrow(/stdio server/);
    expect(() => editedConfig(stdio, [], { env: ['=1'] })).toThrow(/--env takes NAME=VALUE/);
    expect(() => editedConfig(http, [], { url: 'ftp://x' })).toThrow(/Invalid server: url/);
  });
});
