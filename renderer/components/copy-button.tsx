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

/** How long a copied secret may stay on the clipboard (SecretField's too). */
export const CLIPBOARD_CLEAR_MS = 30_000;

/** Empties the clipboard if it still holds `text`; false when the browser refused (the page was not focused). */
async function clearIfStill(text: string): Promise<boolean> {
  try {
    // An unfocused page may not read either: then it is taken to hold `text` still.
    const now = await navigator.clipboard.readText().catch(() => text);
    if (now === text) await navigator.clipboard.writeText('');
    return true;
  } catch {
    return false;
  }
}

/**
 * Clears the clipboard later if it still holds `text`, even once the button is gone (its panel
 * closed); `then` runs after. A browser refuses to write while the page is not focused, the usual
 * case 30 s after a paste elsewhere: then it is tried again each time the page comes back.
 */
export function clearClipboardLater(text: string, then?: () => void): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    const retry = (): void => {
      if (document.visibilityState === 'hidden') return;
      void clearIfStill(text).then((done) => {
        if (!done) return;
        window.removeEventListener('focus', retry);
        document.removeEventListener('visibilitychange', retry);
        then?.();
      });
    };
    void clearIfStill(text).then((done) => {
      if (done) return then?.();
      window.addEventListener('focus', retry);
      document.addEventListener('visibilitychange', retry);
    });
  }, CLIPBOARD_CLEAR_MS);
}

/** Copies `text`; the outcome is announced politely next to the button. `secret`: it leaves the clipboard after 30 s. */
/** `name`: the button's accessible name and tooltip where the visible `label` is short (a row's "Copy command"). */
export function CopyButton({ text, label, name, className, secret = false }: { text: string; label: string; name?: string; className?: string; secret?: boolean }) {
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
        {...(name !== undefined ? { 'aria-label': name, title: name } : {})}
        onClick={() => {
          writeClipboard(text).then(
            () => {
              setOutcome('copied');
              if (secret && typeof navigator !== 'undefined' && navigator.clipboard) clearClipboardLater(text);
            },
            () => setOutcome('failed'),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {outcome === 'copied' ? (secret ? 'Copied; the clipboard is cleared in 30 seconds' : 'Copied') : outcome === 'failed' ? 'Could not copy; select the text instead' : ''}
      </span>
    </span>
  );
}
