// Deep content trees keep the reader's place (#22 item 2): reading-order prev/next across sections,
// the tree open along the path at depth 5, titled breadcrumbs, revisions listed without bodies,
// citations both ways, and all of it in a fixed number of statements whatever the depth.
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as contentIdRoute from "@/app/api/content/[...id]/route";
import { createExperience } from "@/lib/resources/create-experience";
import { createExperienceInput } from "@/lib/experiences/schema";
import { decideRevision } from "@/lib/contents/decide-revision";
import { submitContent } from "@/lib/contents/submit-content";
import { submitContentInput } from "@/lib/contents/schema";
import { getContentPlace, listContentRevisions } from "@/lib/contents/get-content";
import { foldContentTree, getContentTree, readContentTree, type ContentTreeNodeDto } from "@/lib/contents/get-content-tree";
import { findCitedContents } from "@/lib/contents/find-cited-contents";
import { listCitingReports } from "@/lib/experiences/list-citing-reports";
import { call } from "./http";
import { experienceInput } from "./factories";

// Every statement the repos run goes through db(): this counts them and keeps their text.
const observed = vi.hoisted(() => ({ statements: [] as string[] }));
vi.mock("@/lib/db", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db")>();
  const watched = () => {
    const session = real.db();
    const note = (sql: string) => observed.statements.push(sql);
    return {
      engine: session.engine,
      all: (sql: string, params?: import("@/lib/db").SqlParams) => (note(sql), session.all(sql, params)),
      get: (sql: string, params?: import("@/lib/db").SqlParams) => (note(sql), session.get(sql, params)),
      run: (sql: string, params?: import("@/lib/db").SqlParams) => (note(sql), session.run(sql, params)),
    } as ReturnType<typeof real.db>;
  };
  return { ...real, db: watched };
});

async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  observed.statements = [];
  const result = await work();
  return { result, statements: [...observed.statements] };
}

const get = (id: string, query = "") => call(contentIdRoute.GET, `/api/content/${id}${query}`, { params: { id: id.split("/") } });
const maintainer = { keyId: "", label: "test maintainer" };

// guide
// ├─ guide/a            (sort 1)
// │  ├─ guide/a/one     (sort 1)
// │  │  └─ guide/a/one/deep
// │  │     └─ guide/a/one/deep/leaf   (depth 5)
// │  └─ guide/a/two     (sort 2)
// ├─ guide/b            (sort 2)   <- the next section after guide/a's last page
// │  └─ guide/b/gone/orphan         (guide/b/gone never written: hangs under guide/b)
// └─ guide/c            (sort 3, hidden later)
const NODES: [string, string, number][] = [
  ["guide", "Guide", 0],
  ["guide/b", "Section B", 2],
  ["guide/a", "Section A", 1],
  ["guide/a/two", "A two", 2],
  ["guide/a/one", "A one", 1],
  ["guide/a/one/deep", "", 0],
  ["guide/a/one/deep/leaf", "The leaf", 0],
  ["guide/b/gone/orphan", "Orphan", 0],
  ["guide/c", "Section C", 3],
];
const READING_ORDER = ["guide", "guide/a", "guide/a/one", "guide/a/one/deep", "guide/a/one/deep/leaf", "guide/a/two", "guide/b", "guide/b/gone/orphan"];

beforeAll(async () => {
  for (const [id, title, sort_order] of NODES) {
    await submitContent(submitContentInput.parse({ id, title, body: `Body of ${id}.\n\n## First part\n\ntext\n\n## Second part\n\ntext`, sort_order }));
  }
  await submitContent(submitContentInput.parse({ id: "guide/a/two", title: "A two", body: "Revised body.", sort_order: 2 }));
  await decideRevision({ id: "guide/c", revision: 1, action: "hide", reason: "test" }, maintainer);
});

describe("reading order", () => {
  it("walks depth-first across sections: the root has no prev, a section's last page leads to the next section, the last page has no next", async () => {
    for (const [i, id] of READING_ORDER.entries()) {
      const res = await get(id);
      expect(res.status).toBe(200);
      expect(res.json.prev?.id ?? null).toBe(READING_ORDER[i - 1] ?? null);
      expect(res.json.next?.id ?? null).toBe(READING_ORDER[i + 1] ?? null);
    }
    // The title goes along with the id; a hidden page is skipped.
    expect((await get("guide/a/two")).json.next).toEqual({ id: "guide/b", title: "Section B" });
    expect((await get("guide/c")).status).toBe(404);
  });

  it("gives the same toc, parent and children as before, now at any depth", async () => {
    const leaf = (await get("guide/a/one/deep/leaf")).json;
    expect(leaf.toc).toEqual({ id: "guide", title: "Guide" });
    expect(leaf.parent).toEqual({ id: "guide/a/one/deep", title: "" });
    expect(leaf.children).toEqual([]);
    expect((await get("guide")).json.children.map((c: { id: string }) => c.id)).toEqual(["guide/a", "guide/b"]);
    // guide/b/gone has no page: the orphan has no parent link, and hangs under guide/b (as in the tree
    // and the reading order), so that no published page is out of reach.
    expect((await get("guide/b/gone/orphan")).json.parent).toBeNull();
    expect((await get("guide/b")).json.children).toEqual([{ id: "guide/b/gone/orphan", title: "Orphan" }]);
  });
});

describe("a page's place", () => {
  it("opens the tree along the path at depth 5 and folds every other branch", async () => {
    const place = await getContentPlace("guide/a/one/deep/leaf");
    const view = foldContentTree(place.tree!, "guide/a/one/deep/leaf");
    const open = (n: ContentTreeNodeDto): string[] => [n.id, ...n.children.flatMap(open)];
    expect(open(view)).toEqual(["guide", "guide/a", "guide/a/one", "guide/a/one/deep", "guide/a/one/deep/leaf", "guide/a/two", "guide/b"]);
    // guide/b is listed (a child of the root) but folded, with the one page inside it counted.
    expect(view.children[1]).toEqual({ id: "guide/b", title: "Section B", children: [], folded: 1 });
    expect(place.ancestors).toEqual([
      { id: "guide", title: "Guide" },
      { id: "guide/a", title: "Section A" },
      { id: "guide/a/one", title: "A one" },
      { id: "guide/a/one/deep", title: "" },
    ]);
    // An ancestor with no page is said so (null), for a breadcrumb without a link.
    expect((await getContentPlace("guide/b/gone/orphan")).ancestors[2]).toEqual({ id: "guide/b/gone", title: null });
  });

  it("reads a page and its whole tree in three statements at any depth", async () => {
    const shallow = await statementsOf(() => getContentPlace("guide"));
    const deep = await statementsOf(() => getContentPlace("guide/a/one/deep/leaf"));
    // The node, its root's tree; an old revision adds one.
    expect(shallow.statements).toHaveLength(2);
    expect(deep.statements).toHaveLength(2);
    expect((await statementsOf(() => getContentPlace("guide/a/two", 1))).statements).toHaveLength(3);
    expect((await statementsOf(() => getContentTree("guide"))).statements).toHaveLength(1);
  });

  it("lists revisions in one statement that reads no body", async () => {
    const { result, statements } = await statementsOf(() => listContentRevisions("guide/a/two"));
    expect(result.map((r) => [r.revision, r.title])).toEqual([
      [1, "A two"],
      [2, "A two"],
    ]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toMatch(/\bbody\b/);
  });

  it("reads a root past the cap level by level, and says it was cut", async () => {
    const { root, capped } = await readContentTree("guide", 4);
    expect(capped).toBe(true);
    // The root and its two visible children, then the shallowest of depth 2.
    expect(root?.children.map((c) => c.id)).toEqual(["guide/a", "guide/b"]);
    expect(root?.children[0].children.map((c) => c.id)).toEqual(["guide/a/one"]);
    expect((await readContentTree("guide")).capped).toBe(false);
  });
});

describe("citations", () => {
  beforeAll(async () => {
    const report = (overrides: Record<string, unknown>) => createExperience(createExperienceInput.parse(experienceInput({ name: "guide", ...overrides })));
    await report({ task: "named in content_id", content_id: "guide/a/one" });
    await report({ task: "mentions it in tips", tips: "Read guide/a/one first, then guide/b." });
    await report({ task: "links its page", outcome: "See https://hub.example/content/guide/a/one#first-part for the steps." });
    await report({ task: "only a longer id", tips: "guide/a/one/deep is the one to read" });
    await report({ task: "another resource naming it", name: "Elsewhere", content_id: "guide/a/one" });
    await report({ task: "another resource mentioning it", name: "Elsewhere", tips: "guide/a/one" });
  });

  it("lists the reports that name a page in content_id or in their text, newest first", async () => {
    const citing = await listCitingReports("guide/a/one");
    expect(citing.map((r) => r.task)).toEqual(["another resource naming it", "links its page", "mentions it in tips", "named in content_id"]);
    expect(citing[0]).toMatchObject({ name: "Elsewhere", score: 4 });
    expect((await listCitingReports("guide/a/one", 2)).map((r) => r.task)).toEqual(["another resource naming it", "links its page"]);
    expect((await listCitingReports("guide/a/one/deep")).map((r) => r.task)).toEqual(["only a longer id"]);
    expect(await listCitingReports("guide/a/two")).toEqual([]);
  });

  it("links each report to the visible pages its text names, in one statement", async () => {
    const reports = [
      { id: 1, task: "x", outcome: "", tips: "Read guide/a/one first, then guide/b, guide/c and guide/nowhere.", content_id: "" },
      { id: 2, task: "y", outcome: "", tips: "guide/a/one", content_id: "guide/a/one" },
    ];
    const { result, statements } = await statementsOf(() => findCitedContents(reports));
    expect(statements).toHaveLength(1);
    // guide/c is hidden and guide/nowhere does not exist; report 2 already links its content_id.
    expect(result.get(1)).toEqual([
      { id: "guide/a/one", title: "A one" },
      { id: "guide/b", title: "Section B" },
    ]);
    expect(result.has(2)).toBe(false);
  });
});
