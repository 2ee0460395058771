import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return (isIP(v4) === 4 && v4.startsWith("127.")) || address === "::1";
}

/** An RFC 7239 `for=` value without its quotes, brackets and port: `"[::1]:4711"` → `::1`. */
function forwardedNode(value: string): string {
  const node = value.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\]/.exec(node);
  if (bracketed) return bracketed[1]!;
  return isIP(node) ? node : node.replace(/:\d+$/, "");
}

/** Every client address a forwarding header names (X-Forwarded-For, X-Real-IP, Forwarded's `for=`). */
function forwardedClients(headers: FastifyRequest["headers"]): string[] {
  const text = (name: string) => [headers[name] ?? []].flat().join(",");
  const forwarded = [...text("forwarded").matchAll(/for=("[^"]*"|[^;,\s]+)/gi)].map((m) => forwardedNode(m[1]!));
  return [...text("x-forwarded-for").split(","), ...text("x-real-ip").split(","), ...forwarded]
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * Whether a request comes from the machine the server runs on: the connection is from loopback, the client after
 * the trusted proxy chain (FITKIT_TRUST_PROXY) is loopback, and no forwarding header names anyone else. A reverse
 * proxy on this machine connects from loopback for every visitor; the address it forwards tells them apart, so a
 * proxied visitor is never taken for this machine, whatever the proxy settings. `GET /metrics` and the outbox
 * (/dev/mail) ask it.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopback(request.raw.socket.remoteAddress) &&
    isLoopback(request.ip) &&
    forwardedClients(request.headers).every(isLoopback)
  );
}
