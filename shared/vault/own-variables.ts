/**
 * The product's own variables (`CONNECTED_SERVICES_PASSPHRASE` opens the vault,
 * `CONNECTED_SERVICES_KEEPASSXC_PASSWORD` a KeePassXC database, `CONNECTED_SERVICES_TOKEN` is an
 * agent's token): they are kept from every child's environment, so `${env:…}` may not hand them out
 * either. Every name with the prefix is ours; Windows names ignore case, so the check does too.
 */
export const OWN_VARIABLE_PREFIX = 'CONNECTED_SERVICES_';

const OWN_VARIABLE = /^CONNECTED_SERVICES_/i;

export function isOwnVariable(name: string): boolean {
  return OWN_VARIABLE.test(name);
}

const SECRET_HINT = 'Store the value the server needs with `connected-services secrets set NAME` and write ${secret:NAME} instead.';

/**
 * What to say of `${env:NAME}` naming one of them, fitting the variable: the data folder is no secret
 * (its path is written as it is), the passphrase, passwords and tokens are.
 */
export function ownVariableMessage(reference: string, name: string): { message: string; hint: string } {
  const upper = name.toUpperCase();
  if (upper === 'CONNECTED_SERVICES_HOME') {
    return {
      message: `The reference ${reference} names Connected Services' own variable for its data folder, which is never handed to a server.`,
      hint: "Use the folder's path itself instead (for example /home/me/.config/connected-services).",
    };
  }
  if (/PASSPHRASE|PASSWORD|TOKEN|SECRET|KEY/.test(upper)) {
    return { message: `The reference ${reference} names one of Connected Services' own variables (its passphrase, passwords and tokens), which are never handed to a server.`, hint: SECRET_HINT };
  }
  return {
    message: `The reference ${reference} names one of Connected Services' own variables, which are never handed to a server.`,
    hint: 'Write the value the server needs itself instead, or, if it is a secret, store it with `connected-services secrets set NAME` and write ${secret:NAME}.',
  };
}

/** Whether `${env:NAME}` may not hand NAME out: one of ours, or one of `kept` (a store's password variable). */
export function isKeptVariable(name: string, kept: readonly string[] = []): boolean {
  return isOwnVariable(name) || kept.some((other) => other.toUpperCase() === name.toUpperCase());
}

/** What to say of `${env:NAME}` naming the variable a KeePassXC store reads its password from (`passwordEnv`). */
export function storePasswordMessage(reference: string): { message: string; hint: string } {
  return {
    message: `The reference ${reference} names the variable a KeePassXC store reads its database password from (passwordEnv in settings.secretStores), which is never handed to a server.`,
    hint: SECRET_HINT,
  };
}
