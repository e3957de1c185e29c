import { useLive, useStore } from '../state';

/** Beside fields that store secrets or sign-ins: says so when the vault keeps nothing past this run. */
export function MemoryVaultNote() {
  const { info } = useStore(useLive().servers);
  if (info?.vault.safety !== 'memory-only') return null;
  return <p className="note note-warn">The vault is memory-only: secrets and sign-ins entered here are kept until the app stops, not after.</p>;
}
