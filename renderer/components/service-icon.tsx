import { createElement } from 'react';
import { serviceMark } from './service-marks';

/**
 * A decorative mark: the brand's where one exists, else a generic glyph for what the service is.
 * The name beside it carries the meaning, so it is hidden from assistive technology.
 */
export function ServiceIcon({ iconKey, transport }: { iconKey?: string | undefined; transport?: 'stdio' | 'http' | undefined; name?: string }) {
  const mark = serviceMark(iconKey, transport);
  return (
    <span className={`service-icon service-icon-${mark.kind}`} aria-hidden="true" data-icon={iconKey ?? transport ?? 'stdio'} data-mark={mark.title}>
      {mark.kind === 'brand' ? (
        <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <path d={mark.path} fill={`#${mark.hex}`} />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="18" height="18" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {mark.node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
        </svg>
      )}
    </span>
  );
}
