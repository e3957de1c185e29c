import type { ToolInfo } from '../../../shared/api';
import { MAX_TITLE } from '../../../shared/text';
import { CutDescription, ErrorBoundary, JsonView, MAX_DETAIL } from '../../components';
import { shownLine } from '../../lib';
import { AnnotationBadges } from './annotation-badges';
import { ToolCall } from './tool-call';

export function ToolDetail({ tool }: { tool: ToolInfo }) {
  return (
    <article className="tool-detail" aria-labelledby="tool-title">
      <h2 id="tool-title" tabIndex={-1}>
        {shownLine(tool.title ?? tool.name, MAX_TITLE)} {tool.title !== undefined && <code className="muted">{shownLine(tool.name, MAX_TITLE)}</code>}
      </h2>
      <AnnotationBadges tool={tool} />
      {/* A listing may hold a 4,000,000-character description: laid out whole, it held the page. */}
      {tool.description !== undefined && <CutDescription text={tool.description} className="tool-description" max={MAX_DETAIL} />}
      <details>
        <summary>Input schema</summary>
        <JsonView value={tool.inputSchema} label={`Input schema of ${tool.name}`} />
      </details>
      {tool.outputSchema !== undefined && (
        <details>
          <summary>Output schema</summary>
          <JsonView value={tool.outputSchema} label={`Output schema of ${tool.name}`} />
        </details>
      )}
      <ErrorBoundary
        key={`${tool.server}/${tool.name}`}
        what={`a form for the input schema of ${tool.name}`}
        hint={`Its server sent a schema this page cannot use; you can still call it from a terminal: connected-services call ${tool.server} ${tool.name} '{…}'`}
      >
        <ToolCall tool={tool} />
      </ErrorBoundary>
    </article>
  );
}
