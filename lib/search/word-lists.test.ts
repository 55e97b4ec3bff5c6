// The general word lists: translations (CC-CEDICT), synonyms (WordNet) and everyday-word ranks,
// and what they change in search: a task told in words no report used can still find it, and an
// everyday word nobody used weighs less than a rare one.
import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { call } from "@/test/http";
import { experienceInput } from "@/test/factories";
import { analyze, analyzeTerms } from "../text/analyze";
import { planQuery } from "./plan";
import { searchExperiences } from "./search-experiences";
import { everydayRank, expandLoosely } from "./word-lists";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });
const search = (q: string) => searchExperiences({ q, category: "", limit: 10, explain: true });
const loose = (text: string) => expandLoosely(analyzeTerms(text)).flatMap((s) => [...s]);

describe("word lists", () => {
  it("translate and give synonyms as analyzed forms", () => {
    expect(loose("电脑")).toContain("comput");
    expect(loose("在浏览器端渲染")).toContain("browser");
    expect(loose("computer")).toContain("电脑");
    expect(loose("flat")).toContain("apart");
    expect(loose("metro")).toContain("subwai");
    // Query words are user text, never object keys of the lists themselves.
    expect(() => loose("constructor __proto__ toString hasOwnProperty 原型")).not.toThrow();
  });

  it("never translate into a lone character", () => {
    // Words that analysis cut down to one character (信得过 to 信) used to make that character a
    // translation, meeting it in any Chinese report ("accomplish" found every 不).
    const lone = ["accomplish", "abstract", "access", "acquire", "accuse", "account"].flatMap((w) => loose(w)).filter((f) => [...f].length === 1);
    expect(lone).toEqual([]);
  });

  it("rank everyday words, and know nothing of names and jargon", () => {
    expect(everydayRank(analyze("weird")[0])).toBeLessThan(everydayRank(analyze("tumor")[0])!);
    expect(everydayRank("kotlin")).toBeUndefined();
  });

  it("let a task in other words find the report, marked as expanded in explain", async () => {
    const fillers = ["Resize photos for a gallery", "Parse invoices from email", "Render charts for a report",
      "Schedule backups of a database", "Send welcome emails", "Lint a Python project"];
    for (const [i, task] of fillers.entries()) await post({ name: `Filler ${i}`, task });
    await post({ name: "TransitWalk", task: "Rank apartments by walking time to the nearest subway station" });
    const res = await search("flats near a metro stop");
    expect(res.results[0]?.name).toBe("TransitWalk");
    expect(res.results[0].explain!.expanded_terms).toEqual(expect.arrayContaining(["flat~apart", "metro~subwai"]));
  });

  it("find a report in the other language even when the query's words are known here", async () => {
    // Both words occur in English reports, so rows are looked up by them; only the translations
    // (蜂蜜 honey, 蜂箱 beehive) reach the Chinese report, through the OR.
    await post({ name: "JarLabel", task: "Print labels for honey jars at a farmers market" });
    await post({ name: "BeeCam", task: "Count bees leaving a beehive from phone video" });
    await post({ name: "蜂农助手", task: "从蜂箱里取蜂蜜的步骤和注意事项", tips: "取蜜前先用烟熏" });
    const res = await search("honey beehive");
    expect(res.results.map((r) => r.name)).toContain("蜂农助手");
  });

  it("weigh an unknown everyday word less than an unknown rare one, and keep unknown Chinese words", async () => {
    const weights = Object.fromEntries((await planQuery("weird zorblax")).groups.map((g) => [g.term, g.weight]));
    expect(weights.weird).toBeLessThan(weights.zorblax * 0.7);
    // ICU cuts 答题卡 into single characters, and no report has any of their bigrams: the word is
    // a requirement nobody meets, not a segmentation artifact to drop.
    const group = (await planQuery("扫描答题卡")).groups.find((g) => g.term === "答题卡");
    expect(group).toMatchObject({ forms: [], content: false });
    expect(group!.weight).toBeGreaterThan(0);
  });
});
