import type { WebContents } from 'electron';

/**
 * WebRTC in our pages and the MCP Apps framed in them (their frames share the window's contents, so
 * its preferences reach their process too): no UDP but through a proxy, and no local address in a
 * candidate. An app's CSP does not govern WebRTC, so this is what keeps it from sending UDP to the
 * network near the person (STUN, a peer on the LAN). TCP to a TURN server of the app's choosing stays.
 */
export const WEBRTC_POLICY = 'disable_non_proxied_udp';

export function narrowWebRtc(contents: Pick<WebContents, 'setWebRTCIPHandlingPolicy'>): void {
  contents.setWebRTCIPHandlingPolicy(WEBRTC_POLICY);
}
