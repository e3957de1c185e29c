// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionContext, createConnectionStore, type ConnectionState } from '../state';
import { ConnectionGate } from './connection-gate';

afterEach(cleanup);

function gated(state: ConnectionState) {
  render(
    <ConnectionContext.Provider value={createConnectionStore(state)}>
      <ConnectionGate>
        <button type="button">Connect</button>
        <input aria-label="Token" />
      </ConnectionGate>
    </ConnectionContext.Provider>,
  );
}

describe('ConnectionGate', () => {
  it('disables every control inside while the core is away, and is no unnamed group in the accessibility tree', () => {
    gated('lost');
    expect(screen.getByRole('button', { name: 'Connect' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Token' }).matches(':disabled')).toBe(true);
    expect(screen.queryAllByRole('group')).toEqual([]);
  });

  it('leaves the controls working while the core answers, still no group', () => {
    gated('live');
    expect(screen.getByRole('button', { name: 'Connect' }).matches(':disabled')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Token' }).matches(':disabled')).toBe(false);
    expect(screen.queryAllByRole('group')).toEqual([]);
  });
});
