import { describe, expect, it } from "vitest";
import { buildContentTree, findReadingNeighbours, findTreePath, listReadingOrder, type TreeRow } from "./content-tree";

const row = (id: string, sortOrder = 0): TreeRow => ({ id, parentId: id.includes("/") ? id.slice(0, id.lastIndexOf("/")) : "", title: id.toUpperCase(), sortOrder });

describe("buildContentTree", () => {
  it("sorts children by sort_order then id, and walks them depth-first", () => {
    const root = buildContentTree("r", [row("r/b", 1), row("r"), row("r/a", 1), row("r/a/x"), row("r/c", 0), row("r/B", 1)])!;
    // Code-unit order: "B" < "a" < "b", whatever a database's collation says.
    expect(listReadingOrder(root).map((n) => n.id)).toEqual(["r", "r/c", "r/B", "r/a", "r/a/x", "r/b"]);
  });

  it("hangs a page whose parent is not visible under its nearest visible ancestor", () => {
    const root = buildContentTree("r", [row("r"), row("r/a/b/c"), row("r/z")])!;
    expect(root.children.map((c) => c.id)).toEqual(["r/a/b/c", "r/z"]);
    expect(findTreePath(root, "r/a/b/c")?.map((n) => n.id)).toEqual(["r", "r/a/b/c"]);
  });

  it("keeps a stub for a root that is not visible: its pages still read in order, the stub is nobody's neighbour", () => {
    const root = buildContentTree("r", [row("r/a"), row("r/b")])!;
    expect(root.stub).toBe(true);
    expect(findReadingNeighbours(root, "r/a")).toEqual({ prev: null, next: { id: "r/b", title: "R/B" } });
    expect(buildContentTree("r", [])).toBeNull();
  });
});

describe("findReadingNeighbours", () => {
  it("gives the root no prev, the last page no next, and an unknown id neither", () => {
    const root = buildContentTree("r", [row("r"), row("r/a"), row("r/a/x"), row("r/b")])!;
    expect(findReadingNeighbours(root, "r")).toEqual({ prev: null, next: { id: "r/a", title: "R/A" } });
    expect(findReadingNeighbours(root, "r/a/x")).toEqual({ prev: { id: "r/a", title: "R/A" }, next: { id: "r/b", title: "R/B" } });
    expect(findReadingNeighbours(root, "r/b").next).toBeNull();
    expect(findReadingNeighbours(root, "r/zzz")).toEqual({ prev: null, next: null });
  });
});
