/** Who a live stream is counted against for the per-address bound (issue 33). */
import { describe, expect, it } from "vitest";
import { streamOwner } from "../../host/server/routes/live-stream.js";

describe("streamOwner", () => {
  it("counts an IPv4 client (also IPv4-mapped) by its address", () => {
    expect(streamOwner("203.0.113.7")).toBe("203.0.113.7");
    expect(streamOwner("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 client by its /64, whichever way the address is written", () => {
    const owner = "2001:db8:1:2::/64";
    expect(streamOwner("2001:db8:1:2::1")).toBe(owner);
    expect(streamOwner("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe(owner);
    expect(streamOwner("2001:db8:1:2:ffff::")).toBe(owner);
    expect(streamOwner("2001:db8:1:3::1")).not.toBe(owner);
    expect(streamOwner("::1")).toBe("0:0:0:0::/64");
  });
});
