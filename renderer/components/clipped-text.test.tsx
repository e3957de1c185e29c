// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClippedText } from './clipped-text';

afterEach(cleanup);

const LONG = `https://mcp.very-long-company-name-for-layout-testing.example.com/${'path/'.repeat(10)}`;

describe('a clipped one-line text', () => {
  it('puts its "more" toggle after the text, on its line, not on a line under it', () => {
    render(<ClippedText className="row-sub" text={LONG} label="mirror" />);
    const text = screen.getByTitle(LONG);
    const more = screen.getByRole('button', { name: 'More of the description of mirror' });
    // One flex line holds both (catalog.css, .clipped-line): the toggle follows the text.
    expect(more.parentElement).toBe(text.parentElement);
    expect(text.parentElement?.className).toBe('clipped-line');
    expect(text.nextElementSibling).toBe(more);
    fireEvent.click(more);
    expect(text.className).toContain('unclipped');
    expect(screen.getByRole('button', { name: 'Less of the description of mirror' }).getAttribute('aria-expanded')).toBe('true');
  });
});
