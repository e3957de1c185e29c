// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentView } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const codeAgent: AgentView = {
  name: 'runtime',
  servers: '*',
  policy: { read: 'allow', write: 'ask', destructive: 'ask' },
  tools: {},
  createdAt: 0,
  asks: { elicitation: 'allow', sampling: 'ask', roots: 'allow' },
  fromCode: true,
};

describe('an agent declared in code on the Agents screen', () => {
  it('offers Remove (a narrowing is never refused to the person), not Edit or Rotate', async () => {
    renderApp(createFakeApi({ listAgents: () => [codeAgent], bridgeInfo: () => ({ running: true, paused: false, url: 'http://127.0.0.1:47821/mcp' }) }), { hash: '#/agents' });
    expect(await screen.findByRole('button', { name: 'Remove agent runtime' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit access of runtime' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate token of runtime' })).toBeNull();
  });
});
