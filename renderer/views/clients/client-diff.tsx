import { shownText } from '../../lib';

/**
 * A unified diff, each line marked for sight and for screen readers alike. The file may hold what
 * another program wrote: its hidden characters show as escapes.
 */
export function ClientDiff({ diff }: { diff: string }) {
  if (diff === '') return null;
  const lines = diff.trimEnd().split('\n');
  return (
    <pre className="client-diff" aria-label="Changes to the file">
      {lines.map((line, i) => {
        const kind = line.startsWith('+++') || line.startsWith('---') ? 'head' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : 'same';
        return (
          <span key={i} className={`diff-${kind}`}>
            {kind === 'add' && <span className="visually-hidden">added: </span>}
            {kind === 'del' && <span className="visually-hidden">removed: </span>}
            {shownText(line)}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}
