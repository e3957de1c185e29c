import { CopyButton } from '../../components';
import { shownLine } from '../../lib';

/** The code to type on the other device: large, spaced, selectable, and copyable. */
export function UserCode({ code }: { code: string }) {
  return (
    <div className="user-code-box">
      <p className="user-code-line">
        <span className="user-code-label">Your code</span>{' '}
        <strong className="user-code" translate="no">
          {shownLine(code)}
        </strong>
      </p>
      <CopyButton text={code} label="Copy code" />
    </div>
  );
}
