/**
 * The steps of a flow or grant that read an authorization server's answer, as its errors say them
 * ("… while refreshing the token"). Callers of flowError name their step by one of these.
 */
export const DURING = {
  signIn: 'while finishing the sign-in',
  deviceCode: 'while asking for a device code',
  deviceApproval: 'while waiting for the device approval',
  clientCredentials: 'while getting a client-credentials token',
  refresh: 'while refreshing the token',
  revoke: 'while revoking its tokens',
} as const;

export type During = (typeof DURING)[keyof typeof DURING];

/** The answer each step reads: the token endpoint's (RFC 6749 §5.1), the device authorization endpoint's (RFC 8628 §3.2), the revocation endpoint's (RFC 7009 §2.2). */
const ANSWER_NAMES: Record<During, string> = {
  [DURING.signIn]: 'token response',
  [DURING.deviceCode]: 'device authorization response',
  [DURING.deviceApproval]: 'token response',
  [DURING.clientCredentials]: 'token response',
  [DURING.refresh]: 'token response',
  [DURING.revoke]: 'revocation response',
};

function isDuring(during: string): during is During {
  return Object.hasOwn(ANSWER_NAMES, during);
}

/** The name of the answer read during a step; a step outside DURING gets the plain word, never another step's name. */
export function answerName(during: string): string {
  return isDuring(during) ? ANSWER_NAMES[during] : 'response';
}
