import { useState, type ReactNode } from 'react';
import { revealHidden } from '../../../shared/text';

/** Strings longer than this (as JSON) are folded; the person opens them with a button. */
export const FOLD_AT = 160;

/** How the core cuts a long string it shows for consent (bridge/consent-view.ts): `…text… [cut: N more characters]`. */
const CUT = /… \[cut: ([\d,]+) more characters\]$/;

/** What the button offers: all of a string, or what the core kept of a longer one (and how long it was). */
function expandLabel(text: string): string {
  const cut = CUT.exec(text);
  if (!cut) return `Show all ${text.length.toLocaleString('en-US')} characters`;
  const kept = text.length - cut[0].length;
  const whole = kept + Number((cut[1] ?? '0').replace(/,/g, ''));
  return `Show the first ${kept.toLocaleString('en-US')} of ${whole.toLocaleString('en-US')} characters`;
}

/** What is shown of a value (`shown`), folded past FOLD_AT with a button to see all; `text` is the value the button measures. */
export function Folded({ shown, text }: { shown: string; text: string }) {
  const [open, setOpen] = useState(false);
  if (shown.length <= FOLD_AT) return <>{shown}</>;
  return (
    <>
      {open ? shown : `${shown.slice(0, FOLD_AT)}…`}{' '}
      <button type="button" className="button small quiet fold" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Fold' : expandLabel(text)}
      </button>
    </>
  );
}

/** A string value as JSON, hidden characters escaped, folded when long. */
function FoldedString({ text }: { text: string }) {
  return <Folded shown={revealHidden(JSON.stringify(text))} text={text} />;
}

/** JSON laid out like JSON.stringify(value, null, 2), its strings folded when long. */
function layout(value: unknown, indent: string, out: ReactNode[], key: { n: number }): void {
  const inner = `${indent}  `;
  if (typeof value === 'string') {
    out.push(<FoldedString key={key.n++} text={value} />);
  } else if (Array.isArray(value)) {
    if (value.length === 0) return void out.push('[]');
    out.push('[\n');
    value.forEach((item: unknown, i) => {
      out.push(inner);
      layout(item, inner, out, key);
      out.push(i < value.length - 1 ? ',\n' : '\n');
    });
    out.push(`${indent}]`);
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return void out.push('{}');
    out.push('{\n');
    entries.forEach(([name, item], i) => {
      out.push(`${inner}${revealHidden(JSON.stringify(name))}: `);
      layout(item, inner, out, key);
      out.push(i < entries.length - 1 ? ',\n' : '\n');
    });
    out.push(`${indent}}`);
  } else {
    out.push(JSON.stringify(value) ?? 'null');
  }
}

/**
 * What the agent sends with the call it asks to make: pretty-printed, hidden characters (bidi
 * overrides, zero-width) shown as escapes so nothing disguises itself, long values folded.
 */
/** Whether the core left part of the arguments out of what it shows (a string, items or keys cut). */
export function argumentsCut(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CUT.test(value) || /^\[cut: [\d,]+ more (items|keys)\]$/.test(value) || value === '[cut: nested deeper]';
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((item) => argumentsCut(item, depth + 1));
}

export function ApprovalArguments({ value, label }: { value: Record<string, unknown>; label: string }) {
  const nodes: ReactNode[] = [];
  layout(value, '', nodes, { n: 0 });
  return (
    <pre className="json approval-arguments" role="group" aria-label={label} tabIndex={0}>
      {nodes}
    </pre>
  );
}
