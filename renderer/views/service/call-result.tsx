import type { CallResult as Result } from '../../../shared/api';
import { JsonView } from '../../components';
import { ContentItem } from './content-item';

/** A tool's answer: its content blocks, structured content, and the raw JSON on request. */
export function CallResult({ result, tool, elapsedMs }: { result: Result; tool: string; elapsedMs: number }) {
  return (
    <section className={`call-result ${result.isError ? 'is-error' : ''}`} aria-labelledby="call-result-title" aria-live="polite">
      <h3 id="call-result-title">
        {result.isError ? `${tool} reported an error` : `Result of ${tool}`} <span className="muted">({elapsedMs} ms)</span>
      </h3>
      {result.content.length === 0 && result.structuredContent === undefined && <p className="muted">The tool returned no content.</p>}
      {result.content.map((item, index) => (
        <ContentItem key={index} item={item} index={index} />
      ))}
      {result.structuredContent !== undefined && (
        <>
          <h4>Structured content</h4>
          <JsonView value={result.structuredContent} label="Structured content" />
        </>
      )}
      <details>
        <summary>Raw result</summary>
        <JsonView value={result} label="Raw result" />
      </details>
    </section>
  );
}
