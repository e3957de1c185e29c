/**
 * Where the device sign-in sends the person: verification_uri_complete when it is on the
 * verification_uri's origin (RFC 8628 §3.3.1: the same page, the code filled in), else the
 * verification_uri. The core drops another origin's already; this keeps the page to the same rule.
 */
export function deviceAddress(verificationUri: string | undefined, complete: string | undefined): { address: string | undefined; withCode: boolean } {
  if (complete !== undefined && verificationUri !== undefined && originOf(complete) !== undefined && originOf(complete) === originOf(verificationUri)) {
    return { address: complete, withCode: true };
  }
  return { address: verificationUri, withCode: false };
}

function originOf(value: string): string | undefined {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
