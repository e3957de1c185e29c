import { useEffect, useState } from 'react';

async function writeClipboard(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Without the async clipboard (older shells), copy through a selection.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** Copies `text`; the outcome is announced politely next to the button. */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (outcome === null) return undefined;
    const timer = setTimeout(() => setOutcome(null), 2500);
    return () => clearTimeout(timer);
  }, [outcome]);
  return (
    <span className="copy">
      <button
        type="button"
        className={`button small ${className ?? ''}`.trim()}
        onClick={() => {
          writeClipboard(text).then(
            () => setOutcome('copied'),
            () => setOutcome('failed'),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Could not copy; select the text instead' : ''}
      </span>
    </span>
  );
}
