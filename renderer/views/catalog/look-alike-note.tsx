import type { RegistryRow } from '../../../shared/api';
import { revealMixedScript } from '../../../shared/text';
import { shownLine } from '../../lib';

/** A registry entry's id or title as shown: hidden characters and a mixed-in script's letters (`G\u0456thub`) as escapes. */
export function shownEntryText(text: string): string {
  return revealMixedScript(shownLine(text));
}

/** What may make the entry pass for another (registry-catalog.ts marks it), in words; empty when nothing does. */
export function lookAlikeWarnings(row: RegistryRow): string[] {
  const out: string[] = [];
  if (row.mixedScripts) out.push(`Its id or title mixes ${row.mixedScripts.join(' and ')} letters within a word (shown as escapes): it may be made to read as another service's.`);
  if (row.readsAs) out.push(`Its title reads the same as that of ${row.readsAs.map(shownEntryText).join(', ')}: check that ${shownEntryText(row.name)} is the service you mean.`);
  return out;
}

/** The same, short enough for a row's line (its badge's tooltip has the whole). */
export function lookAlikeShort(row: RegistryRow): string[] {
  return [...(row.mixedScripts ? [`Mixes ${row.mixedScripts.join(' and ')} letters`] : []), ...(row.readsAs ? [`Reads as ${row.readsAs.map(shownEntryText).join(', ')}`] : [])];
}

/** Other publishers' entries of the very same title: no imitation, but only the id tells them apart. */
export function sameTitleNote(row: RegistryRow): string | undefined {
  if (!row.sameTitleAs) return undefined;
  return `Other entries have this title too: ${row.sameTitleAs.map(shownEntryText).join(', ')}. The id says whose each is; this one is ${shownEntryText(row.name)}.`;
}

/** The same, short enough for a row's line. */
export function sameTitleShort(row: RegistryRow): string | undefined {
  return row.sameTitleAs ? `Same title as ${row.sameTitleAs.map(shownEntryText).join(', ')}` : undefined;
}

/** The warnings, where the person installs the entry; a plain note for a title others share. */
export function LookAlikeNote({ row }: { row: RegistryRow }) {
  const warnings = lookAlikeWarnings(row);
  const same = sameTitleNote(row);
  return (
    <>
      {warnings.length > 0 && (
        <div className="note note-warn" role="note" aria-label="Look-alike entry">
          {warnings.map((warning) => (
            <p key={warning}>{warning}</p>
          ))}
        </div>
      )}
      {same !== undefined && (
        <div className="note" role="note" aria-label="Same title">
          <p>{same}</p>
        </div>
      )}
    </>
  );
}
