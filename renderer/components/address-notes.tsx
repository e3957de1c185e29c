import { addressWarnings } from '../../shared/config';

const LABELS = { 'clear-text': 'Not encrypted', 'blocked-port': 'Port never reached' } as const;

/** Said beside the address, before the service is added: plain http to another computer, or a port fetch blocks. */
export function AddressNotes({ url }: { url: string | undefined }) {
  if (url === undefined) return null;
  return (
    <>
      {addressWarnings(url).map((warning) => (
        <p key={warning.kind} className="note note-warn" role="note" aria-label={LABELS[warning.kind]}>
          {warning.text}
        </p>
      ))}
    </>
  );
}
