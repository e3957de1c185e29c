import { describe, expect, it } from 'vitest';
import type { McpConfig, StdioServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { refuseAdd } from './add-check';
import { isShippedDemo } from './shipped-demo';

const shipped = (): Record<string, StdioServerConfig> => ({
  everything: { command: 'node', args: ['/app/everything/index.js', 'stdio'], description: 'reference server' },
});

function refusal(fn: () => void): CodedError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('nothing was refused');
}

describe('isShippedDemo', () => {
  it('knows a demo server by what it runs, whatever its description or enabled flag', () => {
    const config: McpConfig = { mcpServers: { everything: { command: 'node', args: ['/app/everything/index.js', 'stdio'], enabled: false } } };
    expect(isShippedDemo(config, shipped, 'everything')).toBe(true);
  });

  it('does not call an edited entry, another name or a failing list a demo', () => {
    const edited: McpConfig = { mcpServers: { everything: { command: 'node', args: ['/app/everything/index.js', 'sse'] } } };
    expect(isShippedDemo(edited, shipped, 'everything')).toBe(false);
    const renamed: McpConfig = { mcpServers: { mine: { command: 'node', args: ['/app/everything/index.js', 'stdio'] } } };
    expect(isShippedDemo(renamed, shipped, 'mine')).toBe(false);
    const asShipped: McpConfig = { mcpServers: shipped() };
    expect(isShippedDemo(asShipped, undefined, 'everything')).toBe(false);
    expect(isShippedDemo(asShipped, () => { throw new Error('not installed'); }, 'everything')).toBe(false);
    expect(isShippedDemo(asShipped, shipped, 'toString')).toBe(false);
  });
});

describe('refuseAdd', () => {
  it('says a taken name is held by a demo server, and how to free it', () => {
    const error = refusal(() => refuseAdd(shipped(), ['everything'], 'everything', (name) => name === 'everything'));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('A server named "everything" already exists.');
    expect(error.hint).toBe('"everything" is a demo server, added on the first run. Choose another name, or remove the demo first (servers remove everything).');
  });

  it('keeps the plain hint for a server of the person', () => {
    const error = refusal(() => refuseAdd({ notes: {} }, ['notes'], 'notes', () => false));
    expect(error.hint).toBe('Choose another name, or remove the existing server first.');
    expect(refusal(() => refuseAdd({ notes: {} }, ['notes'], 'notes')).hint).toBe('Choose another name, or remove the existing server first.');
  });

  it('asks nothing of the demo list for a free name', () => {
    let asked = 0;
    refuseAdd({ notes: {} }, ['notes'], 'other', () => ++asked > 0);
    expect(asked).toBe(0);
  });
});
