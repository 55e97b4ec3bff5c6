// The confidence gate: a query covered well enough is answered; one covered only in part is
// answered only when a single resource clearly stands out, or when a report shares five or more of
// its words (a task spelled out at length), and abstains when several share it. Long queries need
// a smaller share than short ones.
import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { call } from "@/test/http";
import { experienceInput } from "@/test/factories";
import { searchExperiences } from "./search-experiences";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });
const search = (q: string) => searchExperiences({ q, category: "", limit: 10, explain: true });

describe("confidence gate", () => {
  it("answers a partial match that clearly stands out, and abstains once others match as much", async () => {
    const fillers = ["Resize photos for a gallery", "Parse invoices from email", "Render charts for a report",
      "Schedule backups of a database", "Translate product pages", "Send welcome emails", "Lint a Python project",
      "Compress videos for the web", "Index documents for search", "Monitor disk usage on servers"];
    for (const [i, task] of fillers.entries()) await post({ name: `Filler ${i}`, task });
    // Mentions one query word in passing (tips), so it matches, but weakly.
    await post({ name: "KayakGuide", task: "Plan sea kayak routes", tips: "Paddle through a fjord at slack tide" });
    await post({ name: "WombatTrack", task: "Track wombat migrations across valleys", tips: "Tag them at dusk" });
    // Two of its four words: under the plain coverage threshold, and no other resource comes close.
    const query = "wombat migrations fjord tundra";
    const alone = await search(query);
    expect(alone.results.map((r) => r.name)).toEqual(["WombatTrack"]);
    expect(alone).toMatchObject({ confidence: "high", abstained: false });
    expect(alone.results[0]).toMatchObject({ confidence: "high", explain: { gate: "clear lead" } });
    expect(alone.results[0].explain!.coverage).toBeLessThan(0.55);
    expect(alone.results[0].explain!.missing_terms).toEqual(["fjord", "tundra"]);

    // A second resource covering about as much of the query: no single answer stands out.
    await post({ name: "FjordAtlas", task: "Map wombat burrows along a fjord" });
    // The gate's doubt is said, not hidden: both come back as weak leads.
    const doubted = await search(query);
    expect(doubted).toMatchObject({ confidence: "low", abstained: true });
    expect(doubted.results.map((r) => r.name).sort()).toEqual(["FjordAtlas", "WombatTrack"]);
    expect(doubted.results.every((r) => r.confidence === "low" && r.explain!.gate === "none")).toBe(true);
    expect(doubted.hint).toMatch(/No confident match/);
  });

  it("answers a task spelled out at length when one report shares five of its words", async () => {
    await post({ name: "HerdWatch", task: "Count reindeer herds crossing frozen rivers from drone footage at dawn" });
    await post({ name: "DroneLog", task: "Plan drone flights over rivers at dawn" });
    // Twelve words in the agent's own terms: the right report shares five of them.
    const query = "count reindeer crossing rivers drone tundra lichen permafrost caribou antlers sleds blizzard";
    const found = await search(query);
    expect(found.abstained).toBe(false);
    const [top] = found.results;
    expect(top.name).toBe("HerdWatch");
    expect(top).toMatchObject({ confidence: "high", explain: { gate: "coverage" } });
    expect(top.explain!.matched_terms).toEqual(["count", "reindeer", "cross", "river", "drone"]);
    // Under both the plain threshold (0.55) and the clear winner's (0.4).
    expect(top.explain!.coverage).toBeGreaterThanOrEqual(0.3);
    expect(top.explain!.coverage).toBeLessThan(0.4);

    // Sharing only two words at the same coverage is not enough: search abstains.
    const two = await search("reindeer herds tundra lichen permafrost caribou");
    expect(two.results[0]?.explain?.coverage ?? 0).toBeLessThan(0.55);
    expect(two).toMatchObject({ confidence: "low", abstained: true });
    expect(two.results[0].name).toBe("HerdWatch");
  });

  it("needs a smaller share of a long query than of a short one", async () => {
    await post({ name: "GlacierCam", task: "Photograph glacier calving at dawn from a boat" });
    // Eleven words, four of them in the report: about a third of the query's weight, from 35 %.
    const long = await search("photograph glacier calving dawn tundra lichen kayak sleds water cold friends");
    expect(long.results.map((r) => r.name)).toEqual(["GlacierCam"]);
    expect(long.results[0].explain!.matched_terms).toEqual(["photograph", "glacier", "calv", "dawn"]);
    expect(long.results[0].explain!.coverage).toBeLessThan(0.4);
    // Five words, two of them in the report: a third of it is not enough for a short query.
    expect(await search("photograph glacier penguins walrus tundra")).toMatchObject({ confidence: "low", abstained: true });
  });
});
