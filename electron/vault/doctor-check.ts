import type { DoctorCheck } from '../../shared/api';
import type { VaultHealth } from '../../shared/vault';

/**
 * The vault's line in `doctor`: fail when secrets cannot be read or written, warn when they are not
 * kept safely (memory only, plaintext) or an unreadable file was set aside, ok otherwise.
 */
export function vaultDoctorCheck(health: VaultHealth): DoctorCheck {
  const check: DoctorCheck = { id: 'vault', title: 'Credential vault', status: 'ok', detail: health.message };
  if (health.state !== 'ready') {
    check.status = 'fail';
    const hint = health.error?.hint;
    if (hint) {
      check.fix = hint;
      // The health message ends with the error's hint (Settings shows it alone); doctor's fix line says it once.
      check.detail = health.message.replace(` ${hint}`, '');
    }
  } else if (health.safety !== 'encrypted' || health.corruptFiles.length > 0) {
    check.status = 'warn';
    if (health.safety === 'memory-only') check.fix = 'Set CONNECTED_SERVICES_PASSPHRASE, or unlock the OS keychain, to keep secrets.';
    else if (health.safety === 'insecure-plaintext') check.fix = 'Switch to the keychain or a passphrase to encrypt secrets.';
    else check.fix = `Re-enter the lost secrets, then delete ${health.corruptFiles.map((file) => file.path).join(', ')}.`;
  }
  return check;
}
