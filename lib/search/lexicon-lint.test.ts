// The lexicon as the engine sees it (lexicon-lint.ts): no new collision between concepts, no known
// one left in the baseline after it was fixed, no duplicate line. `npx tsx lib/search/lexicon-lint.ts`
// prints the whole report (duplicate, dropped and shrunk forms too).
import { describe, expect, it } from "vitest";
import baseline from "./lexicon-collisions.json";
import { analyzeTerms } from "../text/analyze";
import { expandTerms } from "../text/lexicon";
import { collisionKey, lintLexicon } from "./lexicon-lint";

const known = baseline.collisions as Record<string, string>;
const report = lintLexicon();
const expand = (text: string) => expandTerms(analyzeTerms(text).map((t) => t.term)).flatMap((s) => [...s]);

describe("lexicon lint", () => {
  it("has no collision between concepts beyond the pinned baseline (lexicon-collisions.json)", () => {
    const fresh = report.collisions.map(collisionKey).filter((key) => !(key in known));
    // A new one: separate the senses in lexicon.json, or pin it with the reason it is one sense.
    expect(fresh).toEqual([]);
  });

  it("lists only collisions that still occur, each with a reason", () => {
    const current = new Set(report.collisions.map(collisionKey));
    // Fixed: remove the entry from lexicon-collisions.json, so the baseline only shrinks.
    expect(Object.keys(known).filter((key) => !current.has(key))).toEqual([]);
    expect(Object.entries(known).filter(([, reason]) => !reason.trim())).toEqual([]);
  });

  it("has no duplicate lines", () => {
    expect(report.duplicateLines).toEqual([]);
  });

  it("finds collisions the way lexicon.ts analyzes forms (stemming, segmentation, function words)", () => {
    const lint = (concepts: Record<string, string[]>) => lintLexicon({ concepts }).collisions.map(collisionKey);
    expect(lint({ a: ["convert | transform", "transformer | attention"] })).toEqual(["transform :: convert / transformer"]);
    expect(lint({ a: ["error | 报错", "silent | 没有报错"] })).toEqual(["报错 :: error / silent"]);
    // A phrase cut to one word is not a form (lexicon.ts drops it), so it collides with nothing.
    expect(lint({ a: ["error | errors", "silent | no error"] })).toEqual([]);
    expect(lintLexicon({ concepts: { a: ["silent | no error", "pdf | pdfs | pdf"] } })).toMatchObject({
      droppedForms: [{ line: "silent", surface: "no error" }],
      duplicateForms: [{ line: "pdf", form: "pdf", surfaces: ["pdf", "pdfs", "pdf"] }],
      // Left with one form each: they expand nothing.
      deadLines: ["silent", "pdf"],
    });
  });

  it("keeps the senses it separated apart", () => {
    // Issue #13: transformer (the model) stemmed to transform, a form of convert.
    expect(expand("transformer")).not.toContain("convert");
    expect(expand("convert")).not.toContain("attention");
    expect(expand("transformer model")).toContain("注意力");
    // 没有显卡 (no GPU) was analyzed to 显卡 (GPU); 没有报错 (no error) to 报错 (error).
    expect(expand("显卡")).not.toContain("cpu only");
    expect(expand("报错")).not.toContain("silent");
    expect(expand("terminal")).not.toContain("quit");
    expect(expand("response")).not.toContain("responsive design");
  });
});
