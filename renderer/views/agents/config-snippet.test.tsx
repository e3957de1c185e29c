// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe('an agent’s configuration to paste', () => {
  it('sets what the core’s reason for the client it assumed quotes in backticks as code, hidden characters as escapes', async () => {
    const api = createFakeApi({
      listAgents: () => [{ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 }],
      agentConfig: () => ({ text: '{}', for: 'claude-code', assumed: 'claude-code, as `agents set desk --for` never named one\u200b\u202e' }),
    });
    renderApp(api, { hash: '#/agents' });
    const card = await screen.findByRole('listitem', { name: 'desk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Show configuration to paste for desk' }));
    const code = await within(card).findByText('agents set desk --for');
    expect(code.tagName).toBe('CODE');
    expect(card.textContent).toContain('Assumed claude-code, as agents set desk --for never named one\\u200b\\u202e. Choose another client');
  });
});
