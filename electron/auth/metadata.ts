import { z } from 'zod';

const urls = z.array(z.string()).max(100);
const strings = z.array(z.string()).max(1000);

/** RFC 9728 §2 protected resource metadata (the members we act on; others are kept). */
export const ProtectedResourceMetadataSchema = z.looseObject({
  resource: z.string().min(1),
  authorization_servers: urls.optional(),
  scopes_supported: strings.optional(),
  bearer_methods_supported: strings.optional(),
});
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;

/** RFC 8414 §2 authorization server metadata (and the OpenID Connect Discovery document). */
export const AuthServerMetadataSchema = z.looseObject({
  issuer: z.string().min(1),
  authorization_endpoint: z.string().optional(),
  token_endpoint: z.string().optional(),
  registration_endpoint: z.string().optional(),
  device_authorization_endpoint: z.string().optional(),
  revocation_endpoint: z.string().optional(),
  /** OpenID Connect Discovery §3: where the account's claims are read (userinfo-account.ts). */
  userinfo_endpoint: z.string().optional(),
  scopes_supported: strings.optional(),
  response_types_supported: strings.optional(),
  grant_types_supported: strings.optional(),
  code_challenge_methods_supported: strings.optional(),
  token_endpoint_auth_methods_supported: strings.optional(),
  authorization_response_iss_parameter_supported: z.boolean().optional(),
  client_id_metadata_document_supported: z.boolean().optional(),
});
export type AuthServerMetadata = z.infer<typeof AuthServerMetadataSchema>;

/** The endpoints of an AS a flow or a refresh may call; each is validated before use. */
export const ENDPOINT_MEMBERS = [
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'device_authorization_endpoint',
  'revocation_endpoint',
] as const;
