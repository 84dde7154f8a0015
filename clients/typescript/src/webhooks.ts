/**
 * Checking a webhook delivery from the Baohuang referee (written by hand, as in the Python client).
 *
 * Every delivery carries `X-Baohuang-Timestamp` (Unix seconds), `X-Baohuang-Signature`
 * (`sha256=` and the hex HMAC-SHA256, with the webhook's secret, of the timestamp, a dot and the
 * body exactly as received) and `X-Baohuang-Delivery` (the same id on every retry of one delivery:
 * keep the ids seen, and answer 2xx to one seen before without acting on it again).
 *
 *     if (!verifySignature(secret, request.headers, rawBody)) return reply.code(401).send();
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Seconds: a delivery signed longer ago than this (or further ahead) is refused as a replay. */
export const REPLAY_WINDOW = 300;

type Headers = Record<string, string | string[] | undefined> | { get(name: string): string | null };

/** The signature the referee sends for `body` at `timestamp`: `sha256=<hex>`. */
export function signature(secret: string, timestamp: number, body: Uint8Array | string): string {
  const mac = createHmac("sha256", secret);
  mac.update(`${timestamp}.`);
  mac.update(body);
  return `sha256=${mac.digest("hex")}`;
}

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/**
 * Whether `body` with these headers was signed with `secret` within the last `tolerance` seconds
 * (and not more than that ahead of this clock): compared in constant time, the timestamp checked
 * so that a recorded delivery cannot be replayed. `body` is the raw body, as received.
 */
export function verifySignature(
  secret: string,
  headers: Headers,
  body: Uint8Array | string,
  options: { tolerance?: number; now?: number } = {},
): boolean {
  const stamp = header(headers, "X-Baohuang-Timestamp");
  const given = header(headers, "X-Baohuang-Signature");
  if (stamp === undefined || given === undefined || !/^\d{1,12}$/.test(stamp)) return false;
  const timestamp = Number(stamp);
  const now = options.now ?? Date.now() / 1000;
  if (Math.abs(now - timestamp) > (options.tolerance ?? REPLAY_WINDOW)) return false;
  const expected = Buffer.from(signature(secret, timestamp, body));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}
