import { isIPv6 } from 'node:net';

function ipv4Hextets(ipv4: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/** The eight groups of an IPv6 address, '::' and a trailing IPv4 part written out. */
function ipv6Hextets(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const groups = (text: string) =>
    text === '' ? [] : text.split(':').flatMap((part) => (part.includes('.') ? ipv4Hextets(part) : [part]));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const middle = Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => '0');
  return [...front, ...middle, ...back].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * The client a throttle counts (wrong passwords, wrong one-time codes): an IPv4 address as it is, an IPv6 address
 * by its /64, which one subscriber holds whole and can rotate within at will.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  return `${ipv6Hextets(address).slice(0, 4).join(':')}::/64`;
}
