import { describe, expect, it } from "vitest";
import * as contentRoute from "@/app/api/content/route";
import * as contentIdRoute from "@/app/api/content/[...id]/route";
import { sqlGet } from "./sql";
import { call } from "./http";
import { contentInput } from "./factories";

const post = (body: unknown) => call(contentRoute.POST, "/api/content", { method: "POST", body });
const get = (id: string, query = "") =>
  call(contentIdRoute.GET, `/api/content/${id}${query}`, { params: { id: id.split("/") } });
const count = async (table: string) => (await sqlGet<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

describe("content tree", () => {
  it("creates a two-level tree and computes toc, parent, children, prev and next", async () => {
    expect((await post(contentInput({ id: "attention-paper", title: "Attention Is All You Need", body: "# Contents" }))).status).toBe(201);
    // Children arrive out of order; sort_order decides.
    for (const [id, title, order] of [
      ["attention-paper/section-3-2", "3.2 Scaled Dot-Product Attention", 2],
      ["attention-paper/section-3-1", "3.1 Encoder and Decoder Stacks", 1],
      ["attention-paper/section-3-3", "3.3 Multi-Head Attention", 3],
    ] as const) {
      const res = await post(contentInput({ id, title, body: `## ${title}\n\ntext`, sort_order: order }));
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ status: "created", id, revision: 1 });
    }
    const root = await get("attention-paper");
    expect(root.status).toBe(200);
    expect(root.json.toc).toEqual({ id: "attention-paper", title: "Attention Is All You Need" });
    expect(root.json.parent).toBeNull();
    expect(root.json.children.map((c: { id: string }) => c.id)).toEqual([
      "attention-paper/section-3-1",
      "attention-paper/section-3-2",
      "attention-paper/section-3-3",
    ]);
    // Reading order: the root comes first, so it has no prev, and its first child is next.
    expect(root.json.prev).toBeNull();
    expect(root.json.next).toEqual({ id: "attention-paper/section-3-1", title: "3.1 Encoder and Decoder Stacks" });

    const middle = await get("attention-paper/section-3-2");
    expect(middle.json.toc).toEqual({ id: "attention-paper", title: "Attention Is All You Need" });
    expect(middle.json.parent).toEqual({ id: "attention-paper", title: "Attention Is All You Need" });
    expect(middle.json.children).toEqual([]);
    expect(middle.json.prev).toEqual({ id: "attention-paper/section-3-1", title: "3.1 Encoder and Decoder Stacks" });
    expect(middle.json.next).toEqual({ id: "attention-paper/section-3-3", title: "3.3 Multi-Head Attention" });

    const first = await get("attention-paper/section-3-1");
    expect(first.json.prev).toEqual({ id: "attention-paper", title: "Attention Is All You Need" });
    const last = await get("attention-paper/section-3-3");
    expect(last.json.next).toBeNull();
  });

  it("keeps every revision: a change adds one, an identical submission changes nothing", async () => {
    const id = "attention-paper/section-3-1";
    const before = await get(id);
    const oldBody = before.json.body;
    const changed = await post(contentInput({ id, title: "3.1 Encoder and Decoder Stacks", body: "## 3.1\n\nrevised text", sort_order: 1 }));
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ status: "updated", revision: 2 });
    const same = await post(contentInput({ id, title: "3.1 Encoder and Decoder Stacks", body: "## 3.1\n\nrevised text", sort_order: 1 }));
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ status: "unchanged", revision: 2 });

    const current = await get(id);
    expect(current.json.body).toBe("## 3.1\n\nrevised text");
    expect(current.json.revision).toBe(2);
    const old = await get(id, "?revision=1");
    expect(old.status).toBe(200);
    expect(old.json.body).toBe(oldBody);
    expect(old.json.revision).toBe(1);
    expect(old.json.latest_revision).toBe(2);

    const history = await get(id, "?history=1");
    expect(history.json.revisions.map((r: { revision: number }) => r.revision)).toEqual([1, 2]);
    expect(history.json.revisions[0].content_hash).not.toBe(history.json.revisions[1].content_hash);

    const missing = await get(id, "?revision=9");
    expect(missing.status).toBe(404);
    expect(missing.json.error.details.latest_revision).toBe(2);
  });

  it("answers a missing id with 404, the nearest ids under its root, and logs the miss", async () => {
    const misses = await count("content_misses");
    const res = await get("attention-paper/section-3-4");
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    expect(res.json.error.details.closest).toContain("attention-paper/section-3-3");
    expect(await count("content_misses")).toBe(misses + 1);
  });

  it("accepts Unicode ids and bodies up to 200 KB", async () => {
    expect((await post(contentInput({ id: "论文/第一章", title: "第一章", body: "中文内容" }))).status).toBe(201);
    expect((await get("论文/第一章")).json.title).toBe("第一章");
    const big = "x".repeat(200 * 1024);
    expect((await post(contentInput({ id: "big", body: big }))).status).toBe(201);
  });

  const badIds = [
    "",
    "a//b",
    "/a",
    "a/",
    "a/./b",
    "a/../b",
    ".hidden",
    "a b",
    "a\\b",
    "a%2Fb",
    "a\u0000b",
    "a/b/c/d/e/f/g/h/i",
    "x".repeat(401),
  ];
  it.each(badIds)("rejects the id %j with invalid_input, writing nothing", async (id) => {
    const before = await count("contents");
    const res = await post(contentInput({ id }));
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_input");
    expect(res.json.error.message).toContain("id");
    expect(await count("contents")).toBe(before);
  });

  const badBodies: [string, unknown, string][] = [
    ["a missing body", { ...contentInput(), body: undefined }, "body"],
    ["an empty body", contentInput({ body: "  " }), "body"],
    ["a body over 200 KB", contentInput({ body: "y".repeat(200 * 1024 + 1) }), "body"],
    ["a numeric body", contentInput({ body: 12 }), "body"],
    ["a fractional sort_order", contentInput({ sort_order: 1.5 }), "sort_order"],
    ["a string sort_order", contentInput({ sort_order: "1" }), "sort_order"],
    ["an unknown field", contentInput({ parent: "x" }), "parent"],
    ["a long title", contentInput({ title: "t".repeat(301) }), "title"],
  ];
  it.each(badBodies)("rejects %s naming the field", async (_label, body, field) => {
    const before = await count("content_revisions");
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain(field);
    expect(await count("content_revisions")).toBe(before);
  });

  it("rejects a body over 256 KB before parsing it", async () => {
    const res = await post(contentInput({ id: "huge", body: "z".repeat(300 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
  });

  it("rejects a bad id in the path and bad query values", async () => {
    expect((await get("a/../b")).status).toBe(400);
    expect((await get("attention-paper", "?revision=0")).status).toBe(400);
    expect((await get("attention-paper", "?history=maybe")).status).toBe(400);
  });
});
