import { BlockList, isIP } from "node:net";
import type { Context } from "hono";

/**
 * Which proxies in front of Registre may speak for the client (`TRUST_PROXY`):
 * - none (unset): the socket's address is the client's; `X-Forwarded-For` is ignored, since anyone
 *   can send it;
 * - `hops`: that many proxies, each appending the address it received from: the client is the entry
 *   that many places from the right of [X-Forwarded-For…, socket];
 * - `list`: proxies by address or CIDR: walking from the socket leftwards through X-Forwarded-For,
 *   the client is the first address that is not one of them (the rightmost untrusted hop).
 */
export type TrustProxy =
  | { readonly kind: "none" }
  | { readonly kind: "hops"; readonly hops: number }
  | { readonly kind: "list"; readonly proxies: BlockList };

export const TRUST_NONE: TrustProxy = { kind: "none" };

const familyOf = (address: string): "ipv4" | "ipv6" => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** `::ffff:192.0.2.1` is the IPv4 client 192.0.2.1 on a dual-stack socket. */
const unmapped = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
};

/** An address as proxies write it (`192.0.2.1`, `192.0.2.1:5678`, `[2001:db8::1]:443`), or null. */
export const parseAddress = (text: string): string | null => {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%.*$/, "");
  if (isIP(value) === 0) return null;
  return unmapped(value).toLowerCase();
};

/**
 * Reads `TRUST_PROXY`: unset or empty -> none; a whole number -> that many hops (0 = none); else a
 * comma-separated list of addresses and CIDR blocks. Anything else is refused at start, with the
 * reason, rather than trusting the wrong hop silently.
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = value?.trim() ?? "";
  if (text === "") return TRUST_NONE;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (!Number.isSafeInteger(hops) || hops > 100)
      throw new Error(`TRUST_PROXY: ${text} hops is not sensible`);
    return hops === 0 ? TRUST_NONE : { kind: "hops", hops };
  }
  const proxies = new BlockList();
  for (const part of text.split(",").map((p) => p.trim())) {
    const [base = "", prefix, ...rest] = part.split("/");
    const address = parseAddress(base);
    if (!address || rest.length > 0)
      throw new Error(`TRUST_PROXY: "${part}" is neither a hop count nor an address or CIDR block`);
    const family = familyOf(address);
    if (prefix === undefined) {
      proxies.addAddress(address, family);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === "ipv4" ? 32 : 128))
      throw new Error(`TRUST_PROXY: "${part}" has an invalid prefix length`);
    proxies.addSubnet(address, bits, family);
  }
  return { kind: "list", proxies };
};

/**
 * The client's address, from the socket and the `X-Forwarded-For` header as `trust` allows. When
 * the hop chosen is not an address (a proxy that writes something else), the nearest address to its
 * right is used: that is who reported it.
 */
export const clientAddress = (
  trust: TrustProxy,
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
): string => {
  const socket = (socketAddress && parseAddress(socketAddress)) || "unknown";
  if (trust.kind === "none" || !forwardedFor) return socket;
  // Nearest first: the socket, then X-Forwarded-For from its right end.
  const chain = [socket, ...forwardedFor.split(",").reverse()];
  let known = socket;
  for (let i = 0; i < chain.length; i++) {
    const address = i === 0 ? socket : parseAddress(chain[i] ?? "");
    if (!address) return known;
    known = address;
    const trusted =
      trust.kind === "hops"
        ? i < trust.hops
        : address !== "unknown" && trust.proxies.check(address, familyOf(address));
    if (!trusted) return address;
  }
  return known;
};

/**
 * The subject a limit counts for an address: the address itself for IPv4, its /64 for IPv6 (one
 * subscriber holds a whole /64, and would otherwise get a fresh counter per address).
 */
export const addressSubject = (address: string): string => {
  if (isIP(address) !== 6 || address.includes(".")) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g || "0", 16).toString(16));
  return `${prefix.join(":")}::/64`;
};

/** The Node socket's address, when the app runs under @hono/node-server. */
export const socketAddressOf = (c: Context): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
