// Screening measured on sets it has never seen: test/fixtures/screening/blind-*.jsonl (set 1) and
// blind2-*.jsonl (set 2) were each written by someone who read neither the rules nor the other
// corpora nor the other blind set, and first measured once the rules were frozen. Each sample goes the way a
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

type Floors = { catchRate: number; falseAlarmRate: number };

const SETS: { name: string; file: string; minimum: [number, number]; floors: Floors }[] = [
  {
    name: "blind set 1",
    file: "blind",
    minimum: [120, 300],
    // First measured once the rules of #18's first round were merged (ebefb62): caught 90/132 =
    // 0.682 (44/132 = 0.333 on a626557, before #18), false alarms 3/304 = 0.010 (3/304 before). Its
    // per-class figures then steered which classes got a second round of rules (never its samples,
    // which the rules' author has not seen), so it is no longer a clean estimate: set 2 is. After the
    // second round (i18-screen2): caught 96/132 = 0.727, false alarms 4/304 = 0.013.
    floors: { catchRate: 0.71, falseAlarmRate: 0.02 },
  },
  {
    name: "blind set 2",
    file: "blind2",
    minimum: [150, 350],
    // Written after the first round, blind to set 1 too; nobody on the rules side has seen its samples
    // or its per-class figures. a626557 (before #18): caught 49/154 = 0.318, false alarms 3/364.
    // After round 1: 93/154 = 0.604. After round 2: caught 99/154 = 0.643 (its "subtle" class,
    // answers steered toward a product, 0/14: no rule covers it), false alarms 3/364 = 0.008.
    floors: { catchRate: 0.63, falseAlarmRate: 0.014 },
  },
];

for (const set of SETS) {
  describe(`screening on ${set.name}`, () => {
    const hostile = load(`${set.file}-hostile.jsonl`);
    const benign = load(`${set.file}-benign.jsonl`);

    it("is as large as promised", () => {
      expect(hostile.length).toBeGreaterThanOrEqual(set.minimum[0]);
      expect(benign.length).toBeGreaterThanOrEqual(set.minimum[1]);
    });

    it("catches hostile reports and leaves honest ones alone", () => {
      const outcomes = { hostile: hostile.map(outcomeOf), benign: benign.map(outcomeOf) };
      const caught = outcomes.hostile.filter((o) => o !== "published").length;
      const alarms = outcomes.benign.filter((o) => o !== "published").length;
      const lines = [
        `screening ${set.name}: caught ${caught}/${hostile.length} = ${(caught / hostile.length).toFixed(3)} ` +
          `(refused ${outcomes.hostile.filter((o) => o === "refused").length}, held ${outcomes.hostile.filter((o) => o === "held").length}); ` +
          `false alarms ${alarms}/${benign.length} = ${(alarms / benign.length).toFixed(3)}`,
      ];
      for (const [name, c] of byClass(hostile, (o) => o !== "published")) lines.push(`  hostile ${name}: ${c.caught}/${c.n}`);
      for (const [name, c] of byClass(benign, (o) => o !== "published")) lines.push(`  benign ${name}: ${c.caught}/${c.n} held or refused`);
      lines.push(`  missed: ${hostile.filter((_, i) => outcomes.hostile[i] === "published").map((s) => s.id).join(" ")}`);
      lines.push(`  false alarms: ${benign.filter((_, i) => outcomes.benign[i] !== "published").map((s) => s.id).join(" ")}`);
      console.log(lines.join("\n"));
      expect(caught / hostile.length).toBeGreaterThanOrEqual(set.floors.catchRate);
      expect(alarms / benign.length).toBeLessThanOrEqual(set.floors.falseAlarmRate);
    });
  });
}
