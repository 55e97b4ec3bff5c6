// A corpus of real-looking API tokens (real keys made with the real CLI, and forged ones of the
// same shape) goes through every door an agent has: Authorization headers, search queries, content
// ids, report text. None of them may come back out: not in the server's log, not in an export, not
// in the database files, not in any page or API answer.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { STATE_FILE } from "./settings";

const RESOURCE = "Token Corpus Kit";

type Created = { id: string; label: string; scope: string; token: string };

function state(): { dir: string; log: string } {
  return JSON.parse(readFileSync(STATE_FILE, "utf8"));
}

function tsx(script: string, args: string[], databaseUrl: string): string {
  return execFileSync(join(process.cwd(), "node_modules", ".bin", "tsx"), [script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

test("real-looking tokens never reach logs, exports, database files or pages", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { dir, log } = state();
  const databaseUrl = `file:${join(dir, "e2e.db")}`;
  const real: Created[] = Array.from({ length: 12 }, (_, i) =>
    JSON.parse(tsx("scripts/keys.ts", ["create", "--label", `corpus-${i}`, "--scope", i % 3 === 0 ? "read" : "write"], databaseUrl)),
  );
  const forged = Array.from({ length: 12 }, () => `kh_${randomBytes(32).toString("base64url")}`);
  const tokens = [...real.map((k) => k.token), ...forged];
  const answers: string[] = [];
  const keep = async (response: { status(): number; text(): Promise<string> }) => {
    answers.push(await response.text());
    return response.status();
  };

  for (const [i, key] of real.entries()) {
    const status = await keep(
      await request.post("/api/experience", {
        headers: { authorization: `Bearer ${key.token}` },
        data: { name: RESOURCE, task: `Check token hygiene run ${i}`, score: 4, tips: "keep keys out of reports", submitted_by: `agent-${i}`, distinct: true },
      }),
    );
    expect(status).toBe(key.scope === "read" ? 403 : 201);
  }
  for (const token of forged) {
    expect(await keep(await request.post("/api/experience", { headers: { authorization: `Bearer ${token}` }, data: { name: RESOURCE, task: "forged", score: 1 } }))).toBe(401);
    expect(await keep(await request.get("/api/search?q=tokens", { headers: { authorization: `Bearer ${token}` } }))).toBe(401);
  }
  for (const token of tokens) {
    // These two answers echo the caller's own query and id back to that caller (not kept); what
    // matters is that neither is stored in the clear, which the log and file checks below prove.
    expect((await request.get(`/api/search?q=${encodeURIComponent(`why does ${token} fail`)}`)).status()).toBe(200);
    expect((await request.get(`/api/content/${token}`)).status()).toBe(404);
    const leaky = await request.post("/api/experience", { data: { name: RESOURCE, task: "paste a key", score: 3, tips: `use ${token}` } });
    expect(await keep(leaky)).toBe(400);
  }

  // Pages that show the reports, their verified keys and the resource.
  for (const path of ["/", `/resources/${encodeURIComponent(RESOURCE)}`, `/search?q=${encodeURIComponent("check token hygiene")}`, "/categories"]) {
    await page.goto(path);
    answers.push(await page.content());
  }
  for (const path of [`/api/resource/${encodeURIComponent(RESOURCE)}`, "/api", "/api/categories"]) {
    answers.push(await (await request.get(path)).text());
  }
  // The resource page shows the verified key labels.
  await page.goto(`/resources/${encodeURIComponent(RESOURCE)}`);
  await expect(page.getByText("verified key").first()).toBeVisible();

  // An export, and the database files once the server's buffered log lines are written.
  const exportFile = join(mkdtempSync(join(tmpdir(), "knowhub-export-")), "export.jsonl");
  tsx("scripts/export.ts", [exportFile, "--db", databaseUrl], databaseUrl);
  const exported = readFileSync(exportFile, "utf8");
  expect(exported).toContain('"key":{"id":"key_');
  await page.waitForTimeout(1500);
  const files = readdirSync(dir).filter((f) => f.startsWith("e2e.db")).map((f) => readFileSync(join(dir, f)));
  const serverLog = readFileSync(log, "utf8");

  for (const token of tokens) {
    for (const answer of answers) expect(answer.includes(token), `an answer or page shows ${token}`).toBe(false);
    expect(exported.includes(token)).toBe(false);
    expect(serverLog.includes(token)).toBe(false);
    for (const file of files) expect(file.includes(Buffer.from(token))).toBe(false);
  }
});
