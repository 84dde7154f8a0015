/**
 * A typed client for the Baohuang (保皇) referee's HTTP API.
 *
 * The types (`paths`, `components`) are generated from the service's openapi.yaml by
 * openapi-typescript (src/schema.ts; never edited by hand), and the calls are openapi-fetch's:
 * every path, parameter, body and answer is checked by the compiler against the contract.
 * Written by hand: this file's small factory, and src/webhooks.ts (checking a delivery's
 * signature), which no generator makes.
 *
 *     import { createBaohuangClient } from "@baohuang/client";
 *     const api = createBaohuangClient("https://referee.example.org", { key: process.env.BAOHUANG_KEY });
 *     const { data, error } = await api.POST("/v1/adjudications", { body: record });
 */
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";
export { REPLAY_WINDOW, signature, verifySignature } from "./webhooks.js";

export interface BaohuangOptions {
  /** An organizer's API key (sent as `Authorization: Bearer …`); public operations need none. */
  key?: string;
  /** The language of the answers' sentences (problem details, violation messages, notes). */
  language?: "zh" | "en";
  /** Other headers sent with every request. */
  headers?: Record<string, string>;
  /** A fetch of your own (tests, a proxy); the global fetch by default. */
  fetch?: typeof fetch;
}

/** The API at `baseUrl` (no trailing slash), with the key and language given. */
export function createBaohuangClient(baseUrl: string, options: BaohuangOptions = {}): Client<paths> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key) headers["Authorization"] = `Bearer ${options.key}`;
  if (options.language) headers["Accept-Language"] = options.language;
  return createClient<paths>({ baseUrl, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
}
