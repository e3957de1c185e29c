import { useId, useState, type ReactNode } from 'react';
import { cutText, groupDigits } from '../../shared/text';
import { MAX_DETAIL } from './cut-description';

/** How much of a long text shows before "Show all": its first `lines` lines, at most `chars` code points. */
export interface TextHead {
  lines: number;
  chars: number;
}

// Three or more blank lines in a row: what pads a request's real words out of its head.
const BLANK_RUN = /\n(?:[ \t\r\f\v]*\n){3,}/g;

/** Runs of blank lines as one line that counts them, so the head shows the words after them. */
function foldBlankRuns(text: string): string {
  return text.replace(BLANK_RUN, (run) => `\n[${run.split('\n').length - 2} blank lines]\n`);
}

/** The head of a text within `head`, ending in an ellipsis; undefined when the whole text is within it. */
export function headOf(text: string, head: TextHead): string | undefined {
  const folded = foldBlankRuns(text);
  let end = -1;
  for (let line = 0; line < head.lines; line++) {
    end = folded.indexOf('\n', end + 1);
    if (end === -1) break;
  }
  const lines = end === -1 || folded.slice(end + 1).trim() === '' ? folded : `${folded.slice(0, end)}…`;
  const shown = cutText(lines, head.chars);
  return shown === text ? undefined : shown;
}

/** What the button offers: all of the text, or its first `max` code points when it is longer still. */
function showAllLabel(text: string, max: number): string {
  const length = Array.from(text).length;
  return length > max ? `Show the first ${groupDigits(max)} of ${groupDigits(length)} characters` : `Show all ${groupDigits(length)} characters`;
}

export interface ShowAllTextProps {
  text: string;
  head: TextHead;
  /** How the text (or its head) is set: as code spans, with its hidden characters as escapes. */
  render: (shown: string) => ReactNode;
  className?: string;
  as?: 'p' | 'span';
  /** The most that "Show all" lays out: a text the core did not bound may be one word of 300,000 characters. */
  max?: number;
  /** The text shown all scrolls within a box of its own, the toggle below it: "Show less" stays in view. */
  box?: boolean;
}

/**
 * A long text by its first lines, with a button to show it all: a row of a table or a dialog's
 * message stays short, and nothing of the text is out of reach.
 */
export function ShowAllText({ text, head, render, className, as: Tag = 'p', max = MAX_DETAIL, box = false }: ShowAllTextProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shortened = headOf(text, head);
  if (shortened === undefined) return <Tag className={className}>{render(text)}</Tag>;
  return (
    <Tag className={className}>
      {/* A box that scrolls is reached by the keyboard too (WCAG 2.1.1). */}
      <span id={id} {...(open && box ? { className: 'show-all-box', tabIndex: 0 } : {})}>
        {render(open ? cutText(text, max) : shortened)}
      </span>{' '}
      <button type="button" className="button small quiet show-all" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Show less' : showAllLabel(text, max)}
      </button>
    </Tag>
  );
}
