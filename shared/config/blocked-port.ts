/**
 * Ports fetch refuses to connect to whatever the scheme (Fetch Standard §2.9 "port blocking", the
 * "bad port" list): an MCP server or sign-in address on one of them can never be reached.
 */
const BLOCKED_PORTS: ReadonlySet<string> = new Set([
  '1', '7', '9', '11', '13', '15', '17', '19', '20', '21', '22', '23', '25', '37', '42', '43', '53', '69', '77', '79',
  '87', '95', '101', '102', '103', '104', '109', '110', '111', '113', '115', '117', '119', '123', '135', '137',
  '139', '143', '161', '179', '389', '427', '465', '512', '513', '514', '515', '526', '530', '531', '532',
  '540', '548', '554', '556', '563', '587', '601', '636', '989', '990', '993', '995', '1719', '1720', '1723',
  '2049', '3659', '4045', '4190', '5060', '5061', '6000', '6566', '6665', '6666', '6667', '6668', '6669', '6679',
  '6697', '10080',
]);

/**
 * Why an http(s) address can never be reached, or undefined: its port is one fetch blocks. A
 * warning, not a refusal, so an address chosen to be unreachable (a test, a placeholder) still saves.
 */
export function blockedPortWarning(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!BLOCKED_PORTS.has(url.port)) return undefined;
  return `port ${url.port} of ${url.origin} is one fetch never connects to (the Fetch Standard blocks it), so the service cannot be reached there. Serve it on another port and use that one.`;
}
