// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SHOWN_ADDRESS } from '../../lib';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const URL_8K = `https://example.com/${'a'.repeat(8000)}/mcp`;

describe('a service whose address is 8,000 characters long', () => {
  it('shows its start and end with the middle cut out, the whole address as the tooltip', async () => {
    const long = serverStatus({ name: 'a27', transport: 'http', url: URL_8K });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [long] }) }), { hash: '#/services/a27' });
    const address = (await screen.findByText('Address')).nextElementSibling;
    const shown = address?.textContent ?? '';
    expect(shown.length).toBe(MAX_SHOWN_ADDRESS);
    expect(shown).toMatch(/^https:\/\/example\.com\/a+…a+\/mcp$/);
    expect(address?.querySelector('[title]')?.getAttribute('title')).toBe(URL_8K);
    expect(document.body.textContent).not.toContain('a'.repeat(MAX_SHOWN_ADDRESS));
  });
});
