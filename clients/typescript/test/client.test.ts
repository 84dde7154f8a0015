// The client against a live service (tests/system/test_typescript_client.py starts one and writes
// the games this test sends: BAOHUANG_URL, BAOHUANG_FIXTURES). Type-checked with the client: every
// path, body and answer below is checked against openapi.yaml by the compiler.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { createBaohuangClient, signature, verifySignature } from "../src/index.js";
import type { components } from "../src/index.js";

type Record = components["schemas"]["Record"];
type Adjudication = components["schemas"]["Adjudication"];
interface Fixtures {
  record: Record;
  scores: number[];
  prefix: Record;
  next: { seat: number; cards?: string; pass?: boolean };
  wrong: { seat: number; pass: true };
  webhook: { secret: string; timestamp: number; body: string; signature: string };
}

const url = process.env.BAOHUANG_URL;
const fixtures: Fixtures = JSON.parse(readFileSync(process.env.BAOHUANG_FIXTURES ?? "", "utf8"));
if (!url) throw new Error("BAOHUANG_URL names the service to test against");

test("a game adjudicated", async () => {
  const api = createBaohuangClient(url);
  const { data, error } = await api.POST("/v1/adjudications", { body: fixtures.record });
  assert.equal(error, undefined);
  assert.ok(data !== undefined && typeof data !== "string"); // JSON asked (the notation is the other answer)
  const answer: Adjudication = data;
  assert.equal(answer.verdict, "legal");
  assert.deepEqual(answer.outcome?.scores, fixtures.scores);
});

test("the position after a prefix, and one move checked", async () => {
  const api = createBaohuangClient(url);
  const position = await api.POST("/v1/positions", { body: fixtures.prefix });
  assert.equal(position.data?.phase, "play");
  assert.equal(position.data?.seat, fixtures.next.seat);
  const ok = await api.POST("/v1/positions/check", { body: { record: fixtures.prefix, move: fixtures.next } });
  assert.equal(ok.data?.legal, true);
  assert.equal(ok.data?.verdict, "incomplete");
  const wrong = await api.POST("/v1/positions/check", { body: { record: fixtures.prefix, move: fixtures.wrong } });
  assert.equal(wrong.data?.legal, false);
  assert.equal(wrong.data?.at_move, true);
  assert.equal(typeof (wrong.data?.violation as { code?: unknown } | null)?.code, "string");
});

test("a problem, in Chinese when asked", async () => {
  const api = createBaohuangClient(url, { language: "zh" });
  const { data, error, response } = await api.POST("/v1/adjudications", { body: { deal: [] } as unknown as Record });
  assert.equal(data, undefined);
  assert.equal(response.status, 422);
  assert.equal(response.headers.get("Content-Language"), "zh");
  assert.equal(error?.errors?.[0]?.pointer, "/deal");
  assert.match(String(error?.detail), /[\u4e00-\u9fff]/);
});

test("a tournament: an organizer, players, a round, a game, the standings", async () => {
  const anonymous = createBaohuangClient(url);
  const created = await anonymous.POST("/v1/organizers", { body: { name: "TypeScript club" } });
  assert.ok(created.data, JSON.stringify(created.error));
  const api = createBaohuangClient(url, { key: created.data.key.secret });
  const tournament = await api.POST("/v1/tournaments", { body: { name: "Evening league" } });
  assert.ok(tournament.data, JSON.stringify(tournament.error));
  const id = tournament.data.id;
  for (const name of ["甲", "乙", "丙", "丁", "戊"]) {
    const player = await api.POST("/v1/tournaments/{tournament_id}/players", {
      params: { path: { tournament_id: id } },
      body: { name },
    });
    assert.ok(player.data, JSON.stringify(player.error));
  }
  const round = await api.POST("/v1/tournaments/{tournament_id}/rounds", { params: { path: { tournament_id: id } } });
  assert.equal(round.data?.number, 1);
  const game = await api.POST("/v1/tournaments/{tournament_id}/games", {
    params: { path: { tournament_id: id } },
    body: { round: 1, table: 1, record: fixtures.record },
  });
  assert.ok(game.data, JSON.stringify(game.error));
  const standings = await api.GET("/v1/tournaments/{tournament_id}/standings", {
    params: { path: { tournament_id: id } },
  });
  assert.ok(standings.data, JSON.stringify(standings.error));
  assert.equal(standings.data.standings.reduce((sum, row) => sum + row.total, 0), 0);
  assert.deepEqual(new Set(standings.data.standings.map((row) => row.games)), new Set([1]));
});

test("a webhook's signature, as the service signs it", () => {
  const { secret, timestamp, body } = fixtures.webhook;
  assert.equal(signature(secret, timestamp, body), fixtures.webhook.signature);
  const headers = { "x-baohuang-timestamp": String(timestamp), "X-Baohuang-Signature": fixtures.webhook.signature };
  assert.equal(verifySignature(secret, headers, body, { now: timestamp + 10 }), true);
  assert.equal(verifySignature(secret, headers, body + " ", { now: timestamp + 10 }), false);
  assert.equal(verifySignature(secret, headers, body, { now: timestamp + 301 }), false);
  assert.equal(verifySignature("other", headers, body, { now: timestamp }), false);
});
