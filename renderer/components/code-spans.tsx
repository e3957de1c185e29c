import { Fragment } from 'react';
import { codeSpanParts, shownText } from '../lib';

/**
 * Text from the core as a person reads it: what it quotes in backticks (a command to run, a file)
 * is set as code, as the command line shows it, instead of showing the backticks themselves. Hidden
 * characters show as escapes: an error often quotes what a server sent. Text nodes only, never HTML.
 */
export function CodeSpans({ text }: { text: string }) {
  const parts = codeSpanParts(shownText(text));
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}
