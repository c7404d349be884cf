import { describe, expect, it } from "vitest";
import {
  addressSubject,
  clientAddress,
  parseAddress,
  parseTrustProxy,
  TRUST_NONE,
} from "./client-address.ts";

describe("parseTrustProxy (TRUST_PROXY)", () => {
  it("reads nothing, a hop count, or a list of addresses and CIDR blocks", () => {
    expect(parseTrustProxy(undefined)).toBe(TRUST_NONE);
    expect(parseTrustProxy("  ")).toBe(TRUST_NONE);
    expect(parseTrustProxy("0")).toBe(TRUST_NONE);
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    const list = parseTrustProxy("10.0.0.0/8, 192.0.2.7 ,::1, 2001:db8::/32");
    expect(list.kind).toBe("list");
    if (list.kind !== "list") return;
    expect(list.proxies.check("10.1.2.3", "ipv4")).toBe(true);
    expect(list.proxies.check("192.0.2.7", "ipv4")).toBe(true);
    expect(list.proxies.check("192.0.2.8", "ipv4")).toBe(false);
    expect(list.proxies.check("::1", "ipv6")).toBe(true);
    expect(list.proxies.check("2001:db8:1::5", "ipv6")).toBe(true);
  });

  it("refuses what it cannot read, rather than trusting the wrong hop", () => {
    for (const bad of [
      "true",
      "yes",
      "10.0.0.0/33",
      "10.0.0.0/8/1",
      "proxy.local",
      "1,,2",
      "-1",
      "1.5",
      "101",
    ])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe("clientAddress", () => {
  const xff = "198.51.100.66, 203.0.113.9";

  it("without TRUST_PROXY: the socket's address, X-Forwarded-For ignored (anyone can send it)", () => {
    expect(clientAddress(TRUST_NONE, "192.0.2.1", "203.0.113.9")).toBe("192.0.2.1");
    expect(clientAddress(TRUST_NONE, "::ffff:192.0.2.1", undefined)).toBe("192.0.2.1");
    expect(clientAddress(TRUST_NONE, undefined, "203.0.113.9")).toBe("unknown");
  });

  it("with a hop count: that many places from the right of [X-Forwarded-For…, socket]", () => {
    const one = parseTrustProxy("1");
    // A client spoofing "198.51.100.66"; the proxy appended the address it really saw.
    expect(clientAddress(one, "10.0.0.2", xff)).toBe("203.0.113.9");
    expect(clientAddress(parseTrustProxy("2"), "10.0.0.2", xff)).toBe("198.51.100.66");
    // Fewer entries than hops: the leftmost there is.
    expect(clientAddress(parseTrustProxy("5"), "10.0.0.2", xff)).toBe("198.51.100.66");
    expect(clientAddress(one, "10.0.0.2", undefined)).toBe("10.0.0.2");
    expect(clientAddress(one, "10.0.0.2", "[2001:db8::7]:4711")).toBe("2001:db8::7");
    expect(clientAddress(one, "10.0.0.2", "203.0.113.9:4711")).toBe("203.0.113.9");
  });

  it("with a list: the rightmost hop that is not a trusted proxy", () => {
    const proxies = parseTrustProxy("10.0.0.0/8");
    expect(clientAddress(proxies, "10.0.0.2", "198.51.100.66, 203.0.113.9, 10.0.0.5")).toBe("203.0.113.9");
    // A peer that is not a trusted proxy is the client, whatever it claims.
    expect(clientAddress(proxies, "192.0.2.1", "203.0.113.9")).toBe("192.0.2.1");
    // Every hop trusted: the leftmost.
    expect(clientAddress(proxies, "10.0.0.2", "10.0.0.3")).toBe("10.0.0.3");
  });

  it("takes the hop that reported an entry which is not an address", () => {
    expect(clientAddress(parseTrustProxy("1"), "10.0.0.2", "evil, not-an-ip")).toBe("10.0.0.2");
    expect(clientAddress(parseTrustProxy("10.0.0.0/8"), "10.0.0.2", "x, 10.0.0.9")).toBe("10.0.0.9");
  });
});

describe("parseAddress and addressSubject", () => {
  it("reads addresses as proxies write them", () => {
    expect(parseAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(parseAddress("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(parseAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(parseAddress("unknown")).toBeNull();
    expect(parseAddress("")).toBeNull();
  });

  it("counts an IPv6 client by its /64, an IPv4 one by its address", () => {
    expect(addressSubject("192.0.2.1")).toBe("192.0.2.1");
    expect(addressSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
    expect(addressSubject("unknown")).toBe("unknown");
  });
});
