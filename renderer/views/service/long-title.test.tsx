// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import { MAX_TITLE } from '../../../shared/text';
import { MAX_DETAIL } from '../../components';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const HUGE = 'T'.repeat(300_000);
const CUT = `${'T'.repeat(MAX_TITLE - 1)}…`;
const tool: ToolInfo = { server: 'everything', name: 'evil', title: HUGE, inputSchema: { type: 'object' } };

const status = async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 1 })] });

describe('a tool title of 300,000 characters', () => {
  it('is shown cut to MAX_TITLE code points in the heading and the tool list', async () => {
    const api = createFakeApi({ status, listTools: () => [tool], callTool: () => ({ content: [] }) });
    renderApp(api, { hash: '#/services/everything/tools/evil' });
    const heading = await screen.findByRole('heading', { level: 2, name: /evil/ });
    expect(heading.textContent).toBe(`${CUT} evil`);
    const list = screen.getByRole('navigation', { name: 'Tools of everything' });
    expect(within(list).getByText(CUT)).toBeTruthy();
    expect(document.body.textContent).not.toContain('T'.repeat(MAX_TITLE));
  });
});

describe('a tool description of 4,000,000 characters', () => {
  it("is shown by its first MAX_DETAIL code points in the tool's pane, saying how many more there are", async () => {
    const long: ToolInfo = { server: 'everything', name: 'long', description: `Weighs the parcel. ${'L'.repeat(4_000_000)}`, inputSchema: { type: 'object' } };
    renderApp(createFakeApi({ status, listTools: () => [long] }), { hash: '#/services/everything/tools/long' });
    await screen.findByRole('heading', { level: 2, name: /long/ });
    const description = document.querySelector('.tool-description');
    expect(description?.textContent?.startsWith('Weighs the parcel. LLL')).toBe(true);
    expect(description?.textContent?.length).toBeLessThan(MAX_DETAIL + 100);
    expect(description?.textContent).toContain('(3,980,020 more characters not shown)');
  });
});
