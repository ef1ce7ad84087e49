// Decides where an SMTP connection may go (against SSRF): only public addresses, only mail ports,
// checked after DNS resolution; the caller then connects to the checked address, never the name.
import dns from 'node:dns/promises';
import net from 'node:net';
import { SMTP_ALLOWED_PORTS } from '@app/domain/mail';

export type SmtpTarget = {
  /** What to connect to: the checked IP address (or the name as given when local servers are allowed). */
  host: string;
  /** The name for TLS (SNI and certificate check) when host is an address that was resolved from it. */
  servername?: string;
  /** Every address it may reach is this machine's loopback (only ever when local servers are allowed). */
  loopback?: boolean;
};

export type GuardRefusal = 'host' | 'address' | 'port';
export class SmtpGuardError extends Error {
  readonly reason: GuardRefusal;
  constructor(reason: GuardRefusal) {
    super(`smtp target refused: ${reason}`);
    this.reason = reason;
  }
}

const v4 = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT, also Alibaba's metadata 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  v4.addSubnet(net4, prefix, 'ipv4');
}

const v6 = new net.BlockList();
for (const [net6, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local, includes AWS's fd00:ec2::254
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  v6.addSubnet(net6, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address as numbers (handles "::" and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const tail = text.slice(text.lastIndexOf(':') + 1);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -tail.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g || '0', 16));
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4, compatible), if any. */
function embeddedIpv4(groups: number[]): string | undefined {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4FromGroups(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4FromGroups(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4FromGroups(groups[1]!, groups[2]!);
  return undefined;
}

/** True when a connection to this literal address could reach the server itself or its network. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return v4.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  const inner = embeddedIpv4(groups);
  if (inner) return v4.check(inner, 'ipv4');
  return v6.check(address.split('%')[0]!, 'ipv6');
}

/**
 * A host as typed, in canonical form: IPv4 in any notation (decimal 2130706433, octal 0177.0.0.1,
 * hex 0x7f.1, short 127.1) becomes dotted quad, IPv6 loses its brackets, names are lower-cased.
 */
export function canonicalHost(input: string): string | undefined {
  const raw = input.trim().replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(raw) === 6) return raw.toLowerCase();
  if (!/^[A-Za-z0-9._-]+$/.test(raw)) return undefined;
  try {
    const hostname = new URL(`http://${raw}/`).hostname;
    return hostname.replace(/^\[(.*)\]$/, '$1') || undefined;
  } catch {
    return undefined;
  }
}

const loopbackBlocks = new net.BlockList();
loopbackBlocks.addSubnet('127.0.0.0', 8, 'ipv4');
loopbackBlocks.addAddress('::1', 'ipv6');

function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return loopbackBlocks.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(ipv6Groups(address));
  return inner ? loopbackBlocks.check(inner, 'ipv4') : loopbackBlocks.check(address.split('%')[0]!, 'ipv6');
}

/** A host whose every address is loopback ('localhost', 127.0.0.1, ::1); false when it does not resolve. */
async function isLoopbackHost(host: string, lookup: Lookup): Promise<boolean> {
  const canonical = canonicalHost(host);
  if (!canonical) return false;
  if (net.isIP(canonical)) return isLoopbackAddress(canonical);
  const addresses = await lookup(canonical).catch(() => []);
  return addresses.length > 0 && addresses.every(isLoopbackAddress);
}

export type Lookup = (name: string) => Promise<string[]>;
const systemLookup: Lookup = async (name) => (await dns.lookup(name, { all: true, verbatim: true })).map((a) => a.address);

export async function checkSmtpTarget(host: string, port: number, options: { allowLocal: boolean; lookup?: Lookup }): Promise<SmtpTarget> {
  if (options.allowLocal) return { host, loopback: await isLoopbackHost(host, options.lookup ?? systemLookup) };
  if (!(SMTP_ALLOWED_PORTS as readonly number[]).includes(port)) throw new SmtpGuardError('port');
  const canonical = canonicalHost(host);
  if (!canonical) throw new SmtpGuardError('host');
  if (net.isIP(canonical)) {
    if (isForbiddenAddress(canonical)) throw new SmtpGuardError('address');
    return { host: canonical };
  }
  let addresses: string[];
  try {
    addresses = await (options.lookup ?? systemLookup)(canonical);
  } catch {
    throw new SmtpGuardError('host');
  }
  // Every answer must be public: a name with one private record could be steered to it.
  if (!addresses.length) throw new SmtpGuardError('host');
  if (addresses.some(isForbiddenAddress)) throw new SmtpGuardError('address');
  return { host: addresses[0]!, servername: canonical };
}
