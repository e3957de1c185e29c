/** A unified diff, each line marked for sight and for screen readers alike. */
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
            {line}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}
