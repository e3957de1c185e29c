import { CopyButton } from '../../components';

/** The code to type on the other device: large, spaced, selectable, and copyable. */
export function UserCode({ code }: { code: string }) {
  return (
    <div className="user-code-box">
      <p className="user-code-line">
        <span className="user-code-label">Your code</span>{' '}
        <strong className="user-code" translate="no">
          {code}
        </strong>
      </p>
      <CopyButton text={code} label="Copy code" />
    </div>
  );
}
