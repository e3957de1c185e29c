import { CodedError } from '../../shared/errors';
import type { FetchLike, Reach } from '../net';
import { requestJson, type JsonAnswer } from './http';
import {
  AuthServerMetadataSchema,
  ENDPOINT_MEMBERS,
  ProtectedResourceMetadataSchema,
  type AuthServerMetadata,
  type ProtectedResourceMetadata,
} from './metadata';
import { checkConfiguredIssuer } from './configured-issuer';
import { OAUTH_ERROR_BOUNDS, oneLine } from './oauth-error-fields';
import { authServerMetadataCandidates } from './metadata-urls';
import { canonicalResource, resourceAllowed, type ResourceRule } from './resource';
import { validateBrowserUrl, validateEndpointUrl } from './url-safety';
import { parseBearerChallenge, type BearerChallenge } from './www-authenticate';

export interface DiscoveryInput {
  server: string;
  serverUrl: string;
  /** The last 401 challenge of this server, if one was seen. */
  challenge?: BearerChallenge | undefined;
  /** `auth.authServerMetadataUrl`: overrides authorization server discovery. */
  authServerMetadataUrl?: string | undefined;
  /** An issuer to pick when the metadata lists it among several (an issuer pinned to a client secret). */
  preferIssuer?: string | undefined;
  /** How far its endpoints may be: the server's own reach, resolved once for this sign-in (server-reach.ts). */
  reach: Reach;
  /** A guarded fetch (see http.ts). */
  fetch: FetchLike;
  signal?: AbortSignal | undefined;
}

export interface Discovery {
  /** The RFC 8707 resource indicator to send. */
  resource: string;
  prm?: ProtectedResourceMetadata;
  challenge?: BearerChallenge;
  issuer: string;
  as: AuthServerMetadata;
  /** The configured metadata URL it came from, when that is not the issuer's own discovery (see checkConfiguredIssuer). */
  via?: string;
}

const PRM_WELL_KNOWN = '/.well-known/oauth-protected-resource';

function trimPath(pathname: string): string {
  return pathname === '/' ? '' : pathname.replace(/\/$/, '');
}

/** An unauthenticated request: a protected server answers 401 with its challenge (MCP authorization). */
async function probe(input: DiscoveryInput): Promise<BearerChallenge | undefined> {
  const answer = await requestJson(
    input.fetch,
    input.serverUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'auth-discovery', method: 'ping' }),
      ...(input.signal ? { signal: input.signal } : {}),
    },
    `"${input.server}"`,
  );
  if (answer.status !== 401) return undefined;
  return parseBearerChallenge(answer.headers.get('www-authenticate')) ?? {};
}

export { authServerMetadataCandidates } from './metadata-urls';

export interface ResourceMetadataCandidate {
  url: string;
  /** What its `resource` may name (see ResourceRule). */
  rule: ResourceRule;
}

/** RFC 9728 §3.1: the challenge's resource_metadata, then the path-inserted well-known URL, then the root. */
export function resourceMetadataCandidates(serverUrl: string, challenge: BearerChallenge | undefined): ResourceMetadataCandidate[] {
  const url = new URL(serverUrl);
  const path = trimPath(url.pathname);
  const list: ResourceMetadataCandidate[] = [];
  if (challenge?.resourceMetadata) list.push({ url: challenge.resourceMetadata, rule: 'server' });
  if (path !== '') list.push({ url: `${url.origin}${PRM_WELL_KNOWN}${path}`, rule: 'server' });
  // The root is tried last even when the challenge named it: there it may name the origin, under the challenge not.
  list.push({ url: `${url.origin}${PRM_WELL_KNOWN}`, rule: 'origin' });
  return list.filter((candidate, index) => list.findIndex((c) => c.url === candidate.url && c.rule === candidate.rule) === index);
}

async function fetchResourceMetadata(input: DiscoveryInput, notes: string[]): Promise<ProtectedResourceMetadata | undefined> {
  const fetched = new Map<string, JsonAnswer>();
  for (const candidate of resourceMetadataCandidates(input.serverUrl, input.challenge)) {
    // RFC 9728 §5.1: resource_metadata comes from the server's 401: no closer than the server.
    const url = validateEndpointUrl(candidate.url, 'the protected resource metadata URL', input.reach).href;
    const seen = fetched.get(url);
    const answer =
      seen ?? (await requestJson(input.fetch, url, { headers: { accept: 'application/json' }, ...(input.signal ? { signal: input.signal } : {}) }, 'the protected resource metadata'));
    fetched.set(url, answer);
    if (answer.status !== 200) {
      if (!seen) notes.push(`${url}: HTTP ${answer.status}`);
      continue;
    }
    const parsed = ProtectedResourceMetadataSchema.safeParse(answer.json);
    if (!parsed.success) {
      if (!seen) notes.push(`${url}: not protected resource metadata`);
      continue;
    }
    // RFC 9728 §3.3 / §7.3: metadata for another resource (a parent one too: a wider audience) must not be used.
    if (!resourceAllowed(parsed.data.resource, input.serverUrl, candidate.rule)) {
      notes.push(`${url}: describes ${parsed.data.resource}, not ${input.serverUrl}`);
      continue;
    }
    return parsed.data;
  }
  return undefined;
}

/** Every endpoint no closer than the MCP server (reach.ts): the authorization_endpoint is opened in the browser. */
function checkEndpoints(metadata: AuthServerMetadata, reach: Reach): void {
  for (const member of ENDPOINT_MEMBERS) {
    const value = metadata[member];
    if (value === undefined) continue;
    if (member === 'authorization_endpoint') validateBrowserUrl(value, `the authorization_endpoint`, reach);
    else validateEndpointUrl(value, `the ${member}`, reach);
  }
}

/** Where the issuer looked up came from: the server's resource metadata, or the entry's own `auth.issuer` (a stdio server). */
export type IssuerSource = 'resource_metadata' | 'configured';

/**
 * RFC 8414 §3.3: metadata naming another issuer than the one it was looked up for is a wrong address
 * to fix, not an authorization server that is down.
 */
function issuerMismatch(input: DiscoveryInput, issuer: string, url: string, named: string, source: IssuerSource, tried: string[]): CodedError {
  // The server chose it: one printable line, bounded.
  const claimed = oneLine(named, OAUTH_ERROR_BOUNDS.uri);
  const where =
    source === 'configured'
      ? `Check "issuer" in the "auth" of "${input.server}": set it to ${claimed} if that is the authorization server you mean, or set "authServerMetadataUrl" there to its metadata.`
      : `Check the address of "${input.server}" (its "url", ${input.serverUrl}): its resource metadata names ${issuer} as its authorization server; or set "authServerMetadataUrl" in the "auth" of "${input.server}" to the metadata of the authorization server you trust.`;
  return new CodedError(
    'invalid_config',
    `The authorization server metadata at ${url} names the issuer ${claimed}, not ${issuer}, the issuer it was looked up for; it is not used (RFC 8414 §3.3).`,
    { hint: where, data: { server: input.server, issuer, claimedIssuer: claimed, metadataUrl: url, tried } },
  );
}

export async function fetchAuthServerMetadata(input: DiscoveryInput, issuer: string, urls: string[], exactIssuer: boolean, source: IssuerSource = 'resource_metadata'): Promise<AuthServerMetadata> {
  const notes: string[] = [];
  let mismatch: { url: string; claimed: string } | undefined;
  for (const candidate of urls) {
    const url = validateEndpointUrl(candidate, 'the authorization server metadata URL', input.reach).href;
    const answer = await requestJson(input.fetch, url, { headers: { accept: 'application/json' }, ...(input.signal ? { signal: input.signal } : {}) }, 'the authorization server metadata');
    if (answer.status !== 200) {
      notes.push(`${url}: HTTP ${answer.status}`);
      continue;
    }
    const parsed = AuthServerMetadataSchema.safeParse(answer.json);
    if (!parsed.success) {
      notes.push(`${url}: not authorization server metadata`);
      continue;
    }
    // RFC 8414 §3.3: the issuer in the document must be the one the URL was built from.
    if (exactIssuer && parsed.data.issuer !== issuer) {
      notes.push(`${url}: names issuer ${oneLine(parsed.data.issuer, OAUTH_ERROR_BOUNDS.uri)}, not ${issuer}`);
      mismatch ??= { url, claimed: parsed.data.issuer };
      continue;
    }
    validateEndpointUrl(parsed.data.issuer, 'the issuer', input.reach);
    checkEndpoints(parsed.data, input.reach);
    return parsed.data;
  }
  if (mismatch !== undefined) throw issuerMismatch(input, issuer, mismatch.url, mismatch.claimed, source, urls);
  throw new CodedError('server_unavailable', `No usable authorization server metadata for ${issuer} (${notes.join('; ')}).`, {
    hint: `Check that ${issuer} is up; or set "authServerMetadataUrl" in the "auth" of "${input.server}".`,
    data: { issuer, tried: urls },
  });
}

/** Protected resource metadata, then the authorization server's metadata, in the order the MCP spec gives. */
export async function discover(input: DiscoveryInput): Promise<Discovery> {
  // The person configured this URL: it may be anywhere (its reach bounds what it names).
  validateEndpointUrl(input.serverUrl, `the URL of "${input.server}"`, 'loopback');
  const challenge = input.challenge ?? (await probe(input));
  const withChallenge = { ...input, challenge };
  const notes: string[] = [];
  const prm = await fetchResourceMetadata(withChallenge, notes);
  const resource = prm ? prm.resource : canonicalResource(input.serverUrl);
  const base = { resource, ...(prm ? { prm } : {}), ...(challenge ? { challenge } : {}) };

  if (input.authServerMetadataUrl !== undefined) {
    const as = await fetchAuthServerMetadata(withChallenge, input.authServerMetadataUrl, [input.authServerMetadataUrl], false);
    const via = checkConfiguredIssuer(input.server, input.authServerMetadataUrl, as.issuer);
    return { ...base, issuer: as.issuer, as, ...(via === undefined ? {} : { via }) };
  }
  // RFC 9728 §7.6: the client picks among the listed servers; a pinned issuer when listed, else the first.
  const listed = prm?.authorization_servers ?? [];
  const issuer = input.preferIssuer !== undefined && listed.includes(input.preferIssuer) ? input.preferIssuer : listed[0];
  if (!prm || issuer === undefined) {
    throw new CodedError(
      'not_found',
      `"${input.server}" publishes no protected resource metadata naming an authorization server (${prm ? 'authorization_servers is empty' : notes.join('; ')}).`,
      {
        hint: `If it uses OAuth, set "authServerMetadataUrl" in the "auth" of "${input.server}"; if it takes an API key, use "type": "api_key".`,
        data: { server: input.server },
      },
    );
  }
  validateEndpointUrl(issuer, 'the authorization server', input.reach);
  const as = await fetchAuthServerMetadata(withChallenge, issuer, authServerMetadataCandidates(issuer), true);
  return { ...base, issuer, as };
}

/** MCP authorization: PKCE with S256 is required; refuse when the AS does not say it supports it. */
export function assertS256(discovery: Discovery): void {
  if (discovery.as.code_challenge_methods_supported?.includes('S256')) return;
  throw new CodedError(
    'denied',
    `The authorization server ${discovery.issuer} does not advertise PKCE with S256 (code_challenge_methods_supported), so signing in through it is refused.`,
    { hint: 'Ask the operator of the authorization server to enable PKCE S256.', data: { issuer: discovery.issuer } },
  );
}
