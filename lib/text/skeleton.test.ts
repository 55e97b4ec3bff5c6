import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildConfusables, CONFUSABLES_FILE } from "@/scripts/build-confusables";
import { resourceKey } from "./resource-key";
import { drawnSkeleton, nameSkeleton } from "./skeleton";

describe("nameSkeleton", () => {
  it("meets Latin lookalikes in other scripts", () => {
    const latin = nameSkeleton("pymupdf");
    expect(nameSkeleton("руmupdf")).toBe(latin); // Cyrillic р and у
    expect(nameSkeleton("PyMuPDF")).toBe(latin);
    expect(nameSkeleton("ＰｙＭｕＰＤＦ")).toBe(latin); // full-width: NFKC
    expect(nameSkeleton("Lаngchain")).toBe(nameSkeleton("langchain")); // Cyrillic а
  });

  it("meets the ASCII lookalikes TR39 lists (rn for m, 0 for O, 1 for l)", () => {
    expect(nameSkeleton("pyrnupdf")).toBe(nameSkeleton("pymupdf"));
    expect(nameSkeleton("g0ogle")).toBe(nameSkeleton("google"));
    expect(nameSkeleton("paypa1")).toBe(nameSkeleton("paypal"));
  });

  it("as drawn, meets capitals that only look alike before folding (I for l, Greek Μ for M)", () => {
    expect(nameSkeleton("PaypaI")).not.toBe(nameSkeleton("paypal"));
    expect(drawnSkeleton("PaypaI")).toBe(nameSkeleton("paypal"));
    expect(drawnSkeleton("руmupdf")).toBe(nameSkeleton("pymupdf"));
    // Greek capitals Ρ and Μ look Latin; their small forms ρ and μ do not look like p and m.
    expect(nameSkeleton("ΡyΜuΡDF")).not.toBe(nameSkeleton("pymupdf"));
    expect(drawnSkeleton("ΡyΜuΡDF")).toBe(nameSkeleton("pymupdf"));
  });

  it("keeps different names apart", () => {
    expect(nameSkeleton("pymupdf")).not.toBe(nameSkeleton("pypdf"));
    expect(nameSkeleton("pandas")).not.toBe(nameSkeleton("polars"));
    expect(nameSkeleton("结巴分词")).not.toBe(nameSkeleton("结巴"));
  });

  it("ignores invisible characters and spacing as TR39 and the resource key do", () => {
    expect(nameSkeleton("py\u200bmupdf")).toBe(nameSkeleton("pymupdf"));
    expect(nameSkeleton("  Py   MuPDF ")).toBe(nameSkeleton("py mupdf"));
  });

  it("drops spacing, hyphens, underscores and dots, also those the mapping produces", () => {
    const target = nameSkeleton("VoteTarget");
    for (const name of ["Vote-Target", "Vote_Target", "Vote Target", "VoteTarget.", "vote.target", " VOTE -_. target "]) {
      expect(nameSkeleton(name), name).toBe(target);
    }
    // U+2010 HYPHEN and U+2024 ONE DOT LEADER map to "-" and "."
    expect(nameSkeleton("Vote\u2010Target")).toBe(target);
    expect(nameSkeleton("VoteTarget\u2024")).toBe(target);
    expect(nameSkeleton("Vote Target (fork)")).not.toBe(target);
    expect(nameSkeleton("pdf plumber")).toBe(nameSkeleton("pdfplumber"));
  });

  it("is never empty for a non-empty name, since '' means not computed", () => {
    expect(nameSkeleton("\u200b")).not.toBe("");
    for (const name of ["-", "...", "_ _"]) expect(nameSkeleton(name), name).not.toBe("");
  });

  it("is stable: the skeleton of a skeleton is itself", () => {
    for (const name of ["PyMuPDF", "руmupdf", "g0ogle", "PaypaI", "İstanbul", "Ǆungla", "ﬁtz", "Vote-Target", "...", "a_b.c d"]) {
      expect(nameSkeleton(nameSkeleton(name)), name).toBe(nameSkeleton(name));
      expect(nameSkeleton(drawnSkeleton(name)), name).toBe(drawnSkeleton(name));
    }
  });

  it("gives one skeleton per key", () => {
    for (const [a, b] of [["PyMuPDF", "pymupdf"], ["LangChain", "LANGCHAIN"], ["ＰｙＭｕＰＤＦ", "pymupdf"], ["IPython", "ipython"]]) {
      expect(resourceKey(a)).toBe(resourceKey(b));
      expect(nameSkeleton(a)).toBe(nameSkeleton(b));
    }
  });
});

describe("confusables data", () => {
  it("is what npm run build:confusables builds from the pinned package", () => {
    const stored = readFileSync(join(process.cwd(), CONFUSABLES_FILE), "utf8");
    expect(stored === buildConfusables(), `${CONFUSABLES_FILE} is stale: run npm run build:confusables`).toBe(true);
  });
});
