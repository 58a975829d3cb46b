import { describe, expect, it } from "vitest";
import { embeddedIPv4, isBlockedAddress } from "./webhook-target.ts";

describe("IPv6 addresses that carry an IPv4 address", () => {
  it("finds the IPv4 address in each embedding form, written dotted or in hex", () => {
    expect(embeddedIPv4("::127.0.0.1")).toBe("127.0.0.1");
    expect(embeddedIPv4("::7f00:1")).toBe("127.0.0.1");
    expect(embeddedIPv4("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(embeddedIPv4("::ffff:a01:203")).toBe("10.1.2.3");
    expect(embeddedIPv4("::ffff:0:192.168.0.1")).toBe("192.168.0.1");
    expect(embeddedIPv4("64:ff9b::169.254.169.254")).toBe("169.254.169.254");
    expect(embeddedIPv4("2002:7f00:1::")).toBe("127.0.0.1");
    expect(embeddedIPv4("2002:0a00:0001:1234::5")).toBe("10.0.0.1");
    expect(embeddedIPv4("2606:4700::1111")).toBeUndefined();
    expect(embeddedIPv4("fe80::1%eth0")).toBeUndefined();
  });

  it("refuses IPv4-compatible (::/96) addresses of blocked IPv4 ranges", () => {
    for (const address of ["::127.0.0.1", "::7f00:1", "::10.0.0.1", "::a9fe:a9fe", "::0.0.0.2"])
      expect(isBlockedAddress(address), address).toBe(true);
  });

  it("refuses 6to4 (2002::/16) addresses of blocked IPv4 ranges and allows public ones", () => {
    for (const address of ["2002:7f00:1::", "2002:7f00:0001::1", "2002:a00:1::", "2002:c0a8:1::1", "2002:a9fe:a9fe::"])
      expect(isBlockedAddress(address), address).toBe(true);
    expect(isBlockedAddress("2002:808:808::1")).toBe(false);
  });

  it("refuses IPv4-mapped and IPv4-translated addresses in both spellings", () => {
    for (const address of ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:0:7f00:1", "::ffff:0:10.0.0.1"])
      expect(isBlockedAddress(address), address).toBe(true);
    expect(isBlockedAddress("::ffff:808:808")).toBe(false);
  });

  it("refuses NAT64 (64:ff9b::/96) of blocked IPv4 ranges and every local-use NAT64 address", () => {
    for (const address of ["64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::808:808"])
      expect(isBlockedAddress(address), address).toBe(true);
    expect(isBlockedAddress("64:ff9b::8.8.8.8")).toBe(false);
  });

  it("refuses Teredo (2001::/32), whose tunnel end is hidden in the address", () => {
    for (const address of ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001::ffff:ffff:80ff:fffe"])
      expect(isBlockedAddress(address), address).toBe(true);
    expect(isBlockedAddress("2001:4860:4860::8888")).toBe(false);
  });
});
