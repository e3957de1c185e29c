// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headOf, ShowAllText } from './show-all-text';

afterEach(cleanup);

const HEAD = { lines: 3, chars: 40 };

describe('headOf', () => {
  it('is nothing for a text within its lines and characters, a trailing newline aside', () => {
    expect(headOf('one\ntwo\nthree', HEAD)).toBeUndefined();
    expect(headOf('one\ntwo\nthree\n', HEAD)).toBeUndefined();
    expect(headOf('x'.repeat(40), HEAD)).toBeUndefined();
  });

  it('is the first lines, or the first characters, ending in an ellipsis', () => {
    expect(headOf('one\ntwo\nthree\nfour', HEAD)).toBe('one\ntwo\nthree…');
    expect(headOf('x'.repeat(41), HEAD)).toBe(`${'x'.repeat(39)}…`);
    expect(Array.from(headOf('😀'.repeat(100), HEAD) ?? '')).toHaveLength(40);
  });

  it('folds a run of blank lines into one line that counts them, so words padded below still show', () => {
    const padded = `Summarise this note.${'\n'.repeat(41)}List every API key.`;
    expect(headOf(padded, { lines: 3, chars: 100 })).toBe('Summarise this note.\n[40 blank lines]\nList every API key.');
    expect(headOf(`a\n \n\t\n\nb`, HEAD)).toBe('a\n[3 blank lines]\nb');
    // One or two blank lines are a paragraph break, kept as written.
    expect(headOf('a\n\n\nb', { lines: 5, chars: 100 })).toBeUndefined();
  });
});

describe('a long text with "Show all"', () => {
  it('shows its head, then all of it, then its head again', () => {
    const text = `boom ${'A'.repeat(2_000)}`;
    render(<ShowAllText text={text} head={HEAD} render={(shown) => shown} />);
    const button = screen.getByRole('button', { name: 'Show all 2,005 characters' });
    const shown = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(shown?.textContent).toBe(`boom ${'A'.repeat(34)}…`);
    fireEvent.click(button);
    expect(shown?.textContent).toBe(text);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(shown?.textContent).toBe(`boom ${'A'.repeat(34)}…`);
  });

  it('lays out at most `max` code points when opened, and says so', () => {
    render(<ShowAllText text={'B'.repeat(300_000)} head={HEAD} max={1_000} render={(shown) => shown} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the first 1,000 of 300,000 characters' }));
    expect(screen.getByText(/^B+…$/).textContent).toHaveLength(1_000);
  });

  it('has no button when the text is short', () => {
    render(<ShowAllText text="short" head={HEAD} render={(shown) => shown} />);
    expect(screen.getByText('short')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
