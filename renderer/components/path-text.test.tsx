// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PathText } from './path-text';

afterEach(cleanup);

describe('PathText', () => {
  it('offers a line break only after each separator, its text the path as it is', () => {
    const path = '/home/user/.config/connected-services/mcp.json';
    const { container } = render(<PathText path={path} />);
    const code = container.querySelector('code.path-text');
    expect(code?.textContent).toBe(path);
    // Each folder's name in one piece, "connected-services" with its hyphen kept whole.
    expect([...(code?.querySelectorAll(':scope > span') ?? [])].map((span) => span.textContent)).toEqual(['/', 'home/', 'user/', '.config/', 'connected-services/', 'mcp.json']);
    expect(code?.querySelectorAll('wbr')).toHaveLength(5);
    expect(code?.innerHTML).toMatch(/^<span>\/<\/span><wbr><span>home\/<\/span><wbr>/);
  });

  it('breaks a Windows path after its backslashes', () => {
    const { container } = render(<PathText path={'C:\\Users\\me\\connected-services'} />);
    expect([...container.querySelectorAll('code > span')].map((span) => span.textContent)).toEqual(['C:\\', 'Users\\', 'me\\', 'connected-services']);
  });
});
