import { describe, expect, it } from 'vitest';
import type { McpConfig, StdioServerConfig } from '../../shared/config';
import type { CodedError } from '../../shared/errors';
import { refuseAdd } from './add-check';
import { isShippedDemo } from './shipped-demo';

const shipped = (): Record<string, StdioServerConfig> => ({
  everything: { command: 'node', args: ['/app/everything/index.js', 'stdio'], description: 'reference server' },
});

const refusedWith = (hint: string) => expect.objectContaining({ code: 'invalid_input', message: 'A server named "everything" already exists.', hint }) as unknown as CodedError;

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
    expect(() => refuseAdd(shipped(), ['everything'], 'everything', (name) => name === 'everything')).toThrow(
      refusedWith('"everything" is a demo server, added on the first run. Choose another name, or remove the demo first (servers remove everything).'),
    );
  });

  it('keeps the plain hint for a server of the person', () => {
    expect(() => refuseAdd({ everything: {} }, ['everything'], 'everything', () => false)).toThrow(refusedWith('Choose another name, or remove the existing server first.'));
    expect(() => refuseAdd({ everything: {} }, ['everything'], 'everything')).toThrow(refusedWith('Choose another name, or remove the existing server first.'));
  });

  it('asks nothing of the demo list for a free name', () => {
    let asked = 0;
    refuseAdd({ notes: {} }, ['notes'], 'other', () => ++asked > 0);
    expect(asked).toBe(0);
  });
});
