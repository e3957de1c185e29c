import { shownText } from '../../../lib';
import type { AppNote } from './app-host';

const NOTE_WORD: Record<AppNote['kind'], string> = { message: 'Message', context: 'Context for the model', log: 'Log', call: 'Tool call', link: 'Link', refused: 'Refused' };

/** What an app said, as the page shows a server's text: its hidden characters (a bidi override) as escapes. */
export function AppNotes({ notes }: { notes: readonly AppNote[] }) {
  if (notes.length === 0) return null;
  return (
    <details open>
      <summary>What the app said ({notes.length}) — shown here only, sent nowhere</summary>
      <ol className="app-notes" aria-label="What the app said">
        {notes.map((note, index) => (
          <li key={index}>
            <strong>{NOTE_WORD[note.kind]}:</strong> {shownText(note.text)}
          </li>
        ))}
      </ol>
    </details>
  );
}
