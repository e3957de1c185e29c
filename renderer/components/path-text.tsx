import { Fragment } from 'react';

/**
 * A file or folder path that wraps only after a separator ("/", or "\" on Windows), so each folder's
 * name reads whole ("connected-services", never "connected-" then "services"). Its text is the path as
 * it is: selected and copied, it has no added characters. A name wider than the line still wraps.
 */
export function PathText({ path }: { path: string }) {
  return (
    <code className="path-text">
      {path.split(/(?<=[/\\])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span>{part}</span>
        </Fragment>
      ))}
    </code>
  );
}
