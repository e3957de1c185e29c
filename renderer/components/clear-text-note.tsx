import { clearTextWarning } from '../../shared/config';

/** Plain http to another computer: said beside the address, before the service is added (loopback stays silent). */
export function ClearTextNote({ url }: { url: string | undefined }) {
  const warning = url === undefined ? undefined : clearTextWarning(url.trim());
  if (warning === undefined) return null;
  return (
    <p className="note note-warn" role="note" aria-label="Not encrypted">
      {warning}
    </p>
  );
}
