// The near-duplicate fold on POST /api/experience (issue #21): a report that nearly repeats a
// published one of the same resource is answered 200 with near_duplicate_of and nothing is stored,
// unless it says distinct: true. Runs on both engines (vitest projects sqlite and postgres).
import { afterEach, describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as resourceRoute from "@/app/api/resource/[...name]/route";
import { createKey } from "@/lib/keys/create-key";
import { fillNearSignatures } from "@/lib/experiences/fill-near-signatures";
import { signatureVersion } from "@/lib/text/near-duplicate";
import { call } from "./http";
import { sqlGet, sqlRun } from "./sql";

const writer = await createKey({ label: "near-writer", scope: "write", trusted: false });
const other = await createKey({ label: "near-other", scope: "write", trusted: false });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const post = (body: unknown, token: string | null = writer.token) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body, headers: token ? auth(token) : {} });
const resource = (name: string) => call(resourceRoute.GET, `/api/resource/${encodeURIComponent(name)}`, { params: { name: [name] } });
const countRows = async () => (await sqlGet<{ n: number }>("SELECT COUNT(*) AS n FROM experiences"))!.n;

// No `distinct` here: test/factories.ts says distinct: true for the other tests.
const report = (fields: Record<string, unknown> & { task: string }) => ({ url: "", category: "library", score: 4, outcome: "", submitted_by: "", ...fields });

const ORIGINAL = report({
  name: "Table Kit",
  task: "Extract tables from PDF invoices into CSV",
  tips: "Use page.extract_tables() with vertical_strategy='lines'; invoices without ruling lines need the 'text' strategy.",
});
const PARAPHRASE = report({
  name: "table-kit",
  task: "Pull the tables out of PDF invoices and save them as CSV",
  tips: "page.extract_tables() works with vertical_strategy set to 'lines'; when an invoice has no ruling lines, switch to the 'text' strategy.",
});

afterEach(() => {
  delete process.env.KNOWHUB_MODERATION;
});

describe("near-duplicate reports", () => {
  it("answers a paraphrase from another key with 200, the earlier report and a hint, and stores nothing", async () => {
    const first = await post(ORIGINAL);
    expect(first.status).toBe(201);
    const before = await countRows();
    const folded = await post(PARAPHRASE, other.token);
    expect(folded.status).toBe(200);
    expect(folded.json.duplicate).toBe(false);
    expect(folded.json.near_duplicate_of).toMatchObject({ id: first.json.experience.id, task: ORIGINAL.task, yours: false });
    expect(folded.json.near_duplicate_of.similarity).toBeGreaterThanOrEqual(0.2);
    expect(folded.json.near_duplicate_of.similarity).toBeLessThanOrEqual(1);
    expect(folded.json.experience.id).toBe(first.json.experience.id);
    expect(folded.json.hint).toContain(`POST /api/experience/${first.json.experience.id}/confirm`);
    expect(folded.json.hint).toContain('"distinct": true');
    expect(await countRows()).toBe(before);
    expect((await resource("Table Kit")).json).toMatchObject({ experience_count: 1, reporter_count: 1 });
  });

  it("stores it with distinct: true, and an exact retry of that is still a duplicate", async () => {
    const stored = await post({ ...PARAPHRASE, name: "Table Kit", distinct: true }, other.token);
    expect(stored.status).toBe(201);
    expect(stored.json.near_duplicate_of).toBeUndefined();
    const retry = await post({ ...PARAPHRASE, name: "Table Kit", distinct: true }, other.token);
    expect(retry.status).toBe(200);
    expect(retry.json.duplicate).toBe(true);
    expect(retry.json.experience.id).toBe(stored.json.experience.id);
    // The exact retry comes first even without distinct (distinct is not part of the submission hash).
    const again = await post({ ...PARAPHRASE, name: "Table Kit" }, other.token);
    expect(again.json).toMatchObject({ duplicate: true, experience: { id: stored.json.experience.id } });
    expect(again.json.near_duplicate_of).toBeUndefined();
  });

  it("counts the writer's own earlier report, but not across resources, tasks or far-apart scores", async () => {
    const own = await post(report({ name: "Slide Kit", task: "Render markdown slides to PDF", tips: "Use the --pdf flag and a print theme." }));
    expect(own.status).toBe(201);
    const mine = await post(report({ name: "Slide Kit", task: "render Markdown slides into PDF", tips: "use --pdf with a print theme" }));
    expect(mine.status).toBe(200);
    expect(mine.json.near_duplicate_of).toMatchObject({ id: own.json.experience.id, yours: true });
    // Its own: the hint does not send it to confirm (an author's confirmation is refused).
    expect(mine.json.hint).toContain("you reported this already");
    expect(mine.json.hint).not.toContain("/confirm");
    // The same words under another resource are that resource's first report.
    expect((await post(report({ name: "Deck Kit", task: "Render markdown slides to PDF", tips: "Use the --pdf flag and a print theme." }))).status).toBe(201);
    // The same tip for another task is another report.
    expect((await post(report({ name: "Slide Kit", task: "Export speaker notes as a handout", tips: "Use the --pdf flag and a print theme." }))).status).toBe(201);
    // It failed for this one: disagreement is a report (and a vote) of its own, not a confirmation.
    const failed = await post(report({ name: "Slide Kit", task: "Render markdown slides to PDF", tips: "Use the --pdf flag and a print theme.", score: 1 }), other.token);
    expect(failed.status).toBe(201);
  });

  it("folds a Chinese paraphrase, and a translation the lexicon connects", async () => {
    const zh = report({ name: "Jieba", task: "对电商评论做中文分词，品牌名总是被切开", tips: "用 jieba.load_userdict('brands.txt') 加载自定义词典，每行一个词，可以带词频。" });
    const first = await post(zh);
    expect(first.status).toBe(201);
    const paraphrase = await post(
      report({ name: "Jieba", task: "电商评论分词时品牌名被切开了", tips: "把品牌名写进自定义词典，一行一个词（可带词频），用 jieba.load_userdict('brands.txt') 加载。" }),
      other.token,
    );
    expect(paraphrase.status).toBe(200);
    expect(paraphrase.json.near_duplicate_of.id).toBe(first.json.experience.id);
    // English, then its Chinese translation (pd1 / pd1.t of test/near-duplicates/pairs.json).
    const en = await post(report({ name: "Pandas", task: "Read a 5 GB CSV that does not fit in memory", tips: "pd.read_csv(path, chunksize=200_000) and aggregate each chunk; pass dtype and usecols to cut memory per chunk by half." }));
    expect(en.status).toBe(201);
    const translated = await post(
      report({ name: "Pandas", task: "读取一个内存装不下的 5 GB CSV 文件", tips: "用 pd.read_csv(path, chunksize=200_000) 分块读取并逐块聚合；传入 dtype 和 usecols 可以把每块的内存减半。" }),
      other.token,
    );
    expect(translated.status).toBe(200);
    expect(translated.json.near_duplicate_of.id).toBe(en.json.experience.id);
  });

  it("does not fold into a report held for review, nor once the earlier one is hidden", async () => {
    process.env.KNOWHUB_MODERATION = "pre";
    const held = await post(report({ name: "Held Kit", task: "Convert audio to text offline", tips: "Use the small model on CPU." }));
    expect(held.status).toBe(202);
    delete process.env.KNOWHUB_MODERATION;
    // The held one is invisible: the same report from another key is stored and published.
    const published = await post(report({ name: "Held Kit", task: "Convert audio to text offline", tips: "Use the small model on CPU!" }), other.token);
    expect(published.status).toBe(201);
    await sqlRun(`UPDATE experiences SET status = 'hidden' WHERE id = ?`, [published.json.experience.id]);
    const third = await post(report({ name: "Held Kit", task: "convert audio into text offline", tips: "use the small model on the CPU" }));
    expect(third.status).toBe(201);
  });

  it("stores a signature with every report, and compares rows written before the column was filled", async () => {
    const row = await sqlGet<{ s: string }>(`SELECT near_signature AS s FROM experiences WHERE task = ?`, [ORIGINAL.task]);
    expect(row!.s.startsWith(`${signatureVersion()}:`)).toBe(true);
    const base = report({ name: "Old Kit", task: "Transcribe meeting recordings on a CPU server", tips: "Pick the small model with fp16=False." });
    const first = await post(base);
    // As a row migrated from before this column: '' (the check computes it from the stored terms).
    await sqlRun(`UPDATE experiences SET near_signature = '' WHERE id = ?`, [first.json.experience.id]);
    const folded = await post({ ...base, task: "transcribe the meeting recordings on a CPU-only server" }, other.token);
    expect(folded.status).toBe(200);
    expect(folded.json.near_duplicate_of.id).toBe(first.json.experience.id);
    // npm start fills it (and nothing else) once.
    expect(await fillNearSignatures()).toBe(1);
    expect(await fillNearSignatures()).toBe(0);
    const filled = await sqlGet<{ s: string }>(`SELECT near_signature AS s FROM experiences WHERE id = ?`, [first.json.experience.id]);
    expect(filled!.s.startsWith(`${signatureVersion()}:`)).toBe(true);
  });

  it("refuses a distinct that is not a boolean, storing nothing", async () => {
    const before = await countRows();
    const bad = await post({ ...ORIGINAL, task: "Some other task entirely", distinct: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("invalid_input");
    expect(JSON.stringify(bad.json.error.details)).toContain("distinct must be true or false");
    expect(await countRows()).toBe(before);
  });
});
