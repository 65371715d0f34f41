import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address.js";

describe("addressKey", () => {
  it("keys an IPv4 address as it is, also when written as IPv4-mapped IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.8")).not.toBe(addressKey("203.0.113.7"));
  });

  it("keys an IPv6 address by its /64, however it is written", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("keys IPv4 addresses written in other forms by their dotted decimal form", () => {
    expect(addressKey("203.000.113.007")).toBe(addressKey("203.0.113.7"));
    expect(addressKey("0xcb.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("0.0.0.0")).toBe("0.0.0.0");
    expect(addressKey("255.255.255.255")).toBe("255.255.255.255");
  });

  it("keeps what is not an address as its own key", () => {
    expect(addressKey("256.1.1.1")).toBe("256.1.1.1");
    expect(addressKey("unix-socket")).toBe("unix-socket");
  });
});
