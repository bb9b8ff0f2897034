// Published example keys: real-shaped tokens that vendors print in their
// documentation and SDKs, never a credential (as gitleaks allow-lists
// them). Kept base64, as the fixtures are, so that this file holds no
// string a scanner reads as a live token; decoded once, when first asked.

const published: readonly { readonly source: string; readonly keys: readonly string[] }[] = [
  {
    source: "AWS's documentation examples (access key id and secret access key)",
    keys: ['QUtJQUlPU0ZPRE5ON0VYQU1QTEU=', 'd0phbHJYVXRuRkVNSS9LN01ERU5HL2JQeFJmaUNZRVhBTVBMRUtFWQ=='],
  },
  {
    source: "Firebase and Google SDK sample API keys (gitleaks gcp-api-key's allowlist)",
    keys: [
      'QUl6YVN5YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXoxMjM0NTY3',
      'QUl6YVN5QW5MQTdOZmVMcXVXMXRKRnB4X2VRQ3hvWC1vbzZZeUlz',
      'QUl6YVN5Q2tFaFZqZjNwZHVSRHQ2ZDF5S09NaXRyVUVrZThhZ0VN',
      'QUl6YVN5RE1BU2NsaXlMeDdGME5QREVKaTFRbXlDZ0hJQU9EcmxV',
      'QUl6YVN5RDNhc2ItMnBFWlZxTWttTDZNOU42bkhaUlJfem5ocmgw',
      'QUl6YXlETlNYSWJGbWxYYklFNm1DekRMUUFxSVRZZWZoaXhiWDRB',
      'QUl6YVN5QWRPUzJ6QjZOQ3NrMXBDZFo0LVA2R0JkaV9VVVB3WDdj',
      'QUl6YVN5QVNXbTZIbVRNZFlXcGdNbmpSQmp4Y1E5Q0tjdFdtTGQ0',
      'QUl6YVN5QU5Vdkg5SDlCc1VjY2pzdTJwQ21Fa09QamphWGVEUWdZ',
      'QUl6YVN5QTVfaVZhd0ZROEFCdVRaTlVkY3dFUkxKdl9hX3A0d3RN',
      'QUl6YVN5QTRVcmNHeGd3UUZUZmFJM25vM3Q3THQxc2ptZG5QNXNR',
      'QUl6YVN5RFNiNTFKaUljQjZPSnB3d01pY3NlS1JoaHJPcTFjUzdn',
      'QUl6YVN5QkYyUnJBSW00YTBtTzY0RVNoUWZxZmQyQUZuekF2dnVV',
      'QUl6YVN5QmNFLU9PSWJoanlSODNnbTRyMk1GQ3U0TUptcHJOWHN3',
      'QUl6YVN5QjhxR3h0NGVjMTV2aXRnbjQ0ZHVDNXVjeGFPaTRGbXFF',
      'QUl6YVN5QTh2bUFwbnJITkZFMGJBcEY0aG9aMTFzclZMX24wbnZZ',
    ],
  },
];

let decoded: ReadonlySet<string> | undefined;

/** Whether `secret` is one of the published example keys. */
export function isPublishedExample(secret: string): boolean {
  decoded ??= new Set(published.flatMap((p) => p.keys.map(fromBase64)));
  return decoded.has(secret);
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (ASCII content) to text, without Node's Buffer or the DOM's atob: this layer uses neither. */
function fromBase64(b64: string): string {
  let bits = 0;
  let n = 0;
  let out = '';
  for (const ch of b64) {
    if (ch === '=') break;
    bits = (bits << 6) | alphabet.indexOf(ch);
    n += 6;
    if (n >= 8) {
      n -= 8;
      out += String.fromCharCode((bits >> n) & 0xff);
    }
  }
  return out;
}
