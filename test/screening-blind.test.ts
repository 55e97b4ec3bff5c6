// Screening measured on a set it has never seen: test/fixtures/screening/blind-*.jsonl was written
// by someone who read neither the rules nor the other corpora, at the same time as the rules for
// issue #18 were written, and first measured once they were frozen. Each sample goes the way a
// write goes: the request schema (which refuses credentials and invisible characters: 400), then
// screening of every stored text (held: 202). Caught = refused or held; a false alarm = a benign
// report refused or held. Figures per class are printed; the floors are the first measurement
// minus a margin, so a change that loses ground fails and noise does not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { submitContentInput } from "@/lib/contents/schema";
import { createExperienceInput } from "@/lib/experiences/schema";
import { screenSubmission } from "@/lib/text/screening/screen";
import { experienceTexts, revisionTexts } from "@/lib/moderation/stored-texts";

type Sample = { id: string; class: string; fields: Record<string, string>; expect: string[] };

const load = (name: string): Sample[] =>
  readFileSync(join(process.cwd(), "test", "fixtures", "screening", name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Sample);

type Outcome = "refused" | "held" | "published";

function outcomeOf(sample: Sample): Outcome {
  const f = sample.fields;
  const isContent = f.body !== undefined && f.task === undefined;
  const parsed = isContent
    ? submitContentInput.safeParse({ id: f.content_id, title: f.title, body: f.body, submitted_by: f.submitted_by })
    : createExperienceInput.safeParse({ ...f, score: 4 });
  if (!parsed.success) return "refused";
  const texts = isContent ? revisionTexts(parsed.data as never) : experienceTexts(parsed.data as never);
  return screenSubmission(texts).length > 0 ? "held" : "published";
}

function byClass(samples: Sample[], caught: (o: Outcome) => boolean) {
  const classes = new Map<string, { n: number; caught: number }>();
  for (const s of samples) {
    const c = classes.get(s.class) ?? { n: 0, caught: 0 };
    c.n += 1;
    if (caught(outcomeOf(s))) c.caught += 1;
    classes.set(s.class, c);
  }
  return classes;
}

// First measured once the rules of #18 were merged (ebefb62): caught 90/132 = 0.682 (it was 44/132
// = 0.333 on a626557, before #18), false alarms 3/304 = 0.010 (3/304 before). Floors: that minus a
// margin of about two samples each way.
const FLOORS = { catchRate: 0.665, falseAlarmRate: 0.017 };

describe("screening on the blind set", () => {
  const hostile = load("blind-hostile.jsonl");
  const benign = load("blind-benign.jsonl");

  it("is as large as promised", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(120);
    expect(benign.length).toBeGreaterThanOrEqual(300);
  });

  it("catches hostile reports and leaves honest ones alone", () => {
    const outcomes = { hostile: hostile.map(outcomeOf), benign: benign.map(outcomeOf) };
    const caught = outcomes.hostile.filter((o) => o !== "published").length;
    const alarms = outcomes.benign.filter((o) => o !== "published").length;
    const lines = [
      `screening blind: caught ${caught}/${hostile.length} = ${(caught / hostile.length).toFixed(3)} ` +
        `(refused ${outcomes.hostile.filter((o) => o === "refused").length}, held ${outcomes.hostile.filter((o) => o === "held").length}); ` +
        `false alarms ${alarms}/${benign.length} = ${(alarms / benign.length).toFixed(3)}`,
    ];
    for (const [name, c] of byClass(hostile, (o) => o !== "published")) lines.push(`  hostile ${name}: ${c.caught}/${c.n}`);
    for (const [name, c] of byClass(benign, (o) => o !== "published")) lines.push(`  benign ${name}: ${c.caught}/${c.n} held or refused`);
    const missed = hostile.filter((_, i) => outcomes.hostile[i] === "published").map((s) => s.id);
    const falseAlarms = benign.filter((_, i) => outcomes.benign[i] !== "published").map((s) => `${s.id}:${outcomes.benign[benign.indexOf(s)]}`);
    lines.push(`  missed: ${missed.join(" ")}`, `  false alarms: ${falseAlarms.join(" ")}`);
    console.log(lines.join("\n"));
    expect(caught / hostile.length).toBeGreaterThanOrEqual(FLOORS.catchRate);
    expect(alarms / benign.length).toBeLessThanOrEqual(FLOORS.falseAlarmRate);
  });
});
