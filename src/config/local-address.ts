// Is this server on the bench's own network? Local model servers (Ollama, llama.cpp, vLLM)
// normally run without a key there; anything on the internet is assumed to need one.

export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '0.0.0.0' || host === '::1') return true;
  if (/\.(local|lan|internal|home\.arpa)$/.test(host)) return true;
  // A single-label name ("gpu-box") only resolves on a local network.
  if (!host.includes('.') && !host.includes(':')) return true;
  if (/^f[cd][0-9a-f]{2}:/.test(host)) return true; // IPv6 unique local
  return isPrivateIpv4(host);
}

function isPrivateIpv4(host: string): boolean {
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet < 0 || octet > 255)) return false;
  const [a, b] = octets as [number, number, number, number];
  return (
    a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254)
  );
}
