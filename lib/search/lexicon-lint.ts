// Lint of the concept lexicon (lexicon.json) as the engine sees it: every surface form analyzed
// exactly as lexicon.ts does (analyzedForm), so that what is checked is what query expansion uses.
//   collisions      one analyzed form in lines of different concepts: a query word with that form
//                   expands to both concepts ("transformer" the model was stemmed to "transform",
//                   a form of convert). Known ones are pinned in lexicon-collisions.json.
//   duplicate lines two lines with the same analyzed forms.
//   duplicate forms surface forms of one line that analysis makes the same ("pdf | pdfs"): harmless,
//                   reported so that a list of inflections is not mistaken for several words.
//   dropped forms   surface forms analysis removes: stop words only, or a phrase cut to one word
//                   (which lexicon.ts drops rather than let it stand for that word's every use).
//   shrunk forms    surface forms kept with part of them gone: 没有报错 is 报错, 等时圈 is 圈. Such a
//                   form stands for the bare rest, which is how "no error" came to be a form of error.
//   dead lines      lines left with fewer than two forms: they expand nothing.
// `npx tsx lib/search/lexicon-lint.ts` prints the report; lexicon-lint.test.ts holds it to the baseline.
import data from "../text/lexicon.json";
import { analyzeTerms } from "../text/analyze";
import { analyzedForm } from "../text/lexicon";

export type LexiconData = { concepts: Record<string, string[]> };

/** A line of the lexicon: its section, its text, and an id (its first surface form; unique). */
export type LineRef = { id: string; section: string; text: string; forms: string[] };
export type Collision = { form: string; lines: string[] };
export type LintReport = {
  lines: LineRef[];
  collisions: Collision[];
  duplicateLines: string[][];
  duplicateForms: { line: string; form: string; surfaces: string[] }[];
  droppedForms: { line: string; surface: string; why: string }[];
  shrunkForms: { line: string; surface: string; form: string; lost: string[] }[];
  deadLines: string[];
};

/** The baseline's key of a collision: the form and the ids of the lines that share it. */
export const collisionKey = (c: Collision) => `${c.form} :: ${c.lines.join(" / ")}`;

export function lintLexicon(lexicon: LexiconData = data as LexiconData): LintReport {
  const lines: LineRef[] = [];
  const duplicateForms: LintReport["duplicateForms"] = [];
  const droppedForms: LintReport["droppedForms"] = [];
  const shrunkForms: LintReport["shrunkForms"] = [];
  const seenIds = new Map<string, number>();
  for (const [section, texts] of Object.entries(lexicon.concepts)) {
    for (const text of texts) {
      const surfaces = text.split("|").map((s) => s.trim()).filter(Boolean);
      const head = surfaces[0] ?? text.trim();
      const n = (seenIds.get(head) ?? 0) + 1;
      seenIds.set(head, n);
      const id = n === 1 ? head : `${head} #${n}`;
      const bySurface = new Map<string, string[]>();
      for (const surface of surfaces) {
        const form = analyzedForm(surface);
        if (!form) {
          const terms = analyzeTerms(surface).length;
          droppedForms.push({ line: id, surface, why: terms === 0 ? "nothing left after analysis" : "phrase cut to one word" });
          continue;
        }
        const lost = lostParts(surface, form);
        if (lost.length) shrunkForms.push({ line: id, surface, form, lost });
        bySurface.set(form, [...(bySurface.get(form) ?? []), surface]);
      }
      for (const [form, list] of bySurface) if (list.length > 1) duplicateForms.push({ line: id, form, surfaces: list });
      lines.push({ id, section, text, forms: [...bySurface.keys()] });
    }
  }
  // lexicon.ts skips lines with fewer than two forms: they are not concepts and collide with nothing.
  const live = lines.filter((l) => l.forms.length >= 2);
  const deadLines = lines.filter((l) => l.forms.length < 2).map((l) => l.id);

  const linesOf = new Map<string, string[]>();
  for (const line of live) for (const form of line.forms) linesOf.set(form, [...(linesOf.get(form) ?? []), line.id]);
  const collisions = [...linesOf]
    .filter(([, ids]) => ids.length > 1)
    .map(([form, ids]) => ({ form, lines: [...ids].sort() }))
    .sort((a, b) => collisionKey(a).localeCompare(collisionKey(b)));

  const bySet = new Map<string, string[]>();
  for (const line of live) {
    const key = [...line.forms].sort().join(" | ");
    bySet.set(key, [...(bySet.get(key) ?? []), line.id]);
  }
  const duplicateLines = [...bySet.values()].filter((ids) => ids.length > 1);

  return { lines, collisions, duplicateLines, duplicateForms, droppedForms, shrunkForms, deadLines };
}

/** Words (Latin) and characters (Han) of a surface form that its analyzed form no longer holds. */
function lostParts(surface: string, form: string): string[] {
  const kept = new Set(form.split(" "));
  const keptChars = new Set([...form.replace(/ /g, "")]);
  const lost: string[] = [];
  for (const word of surface.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/\p{Script=Han}/u.test(word)) lost.push(...[...word].filter((c) => /\p{Script=Han}/u.test(c) && !keptChars.has(c)));
    else if (!analyzeTerms(word).some((t) => kept.has(t.term))) lost.push(word);
  }
  return [...new Set(lost)];
}

function main(): void {
  const r = lintLexicon();
  console.log(`${r.lines.length} lines, ${r.collisions.length} collisions, ${r.duplicateLines.length} duplicate lines, ${r.duplicateForms.length} duplicate forms, ${r.droppedForms.length} dropped forms, ${r.shrunkForms.length} shrunk forms, ${r.deadLines.length} dead lines`);
  console.log("\ncollisions (form :: lines):");
  for (const c of r.collisions) console.log(`  ${collisionKey(c)}`);
  console.log("\nduplicate lines:");
  for (const d of r.duplicateLines) console.log(`  ${d.join(" = ")}`);
  console.log("\nduplicate forms within a line:");
  for (const d of r.duplicateForms) console.log(`  [${d.line}] ${d.surfaces.join(", ")} -> ${d.form}`);
  console.log("\ndropped forms:");
  for (const d of r.droppedForms) console.log(`  [${d.line}] ${JSON.stringify(d.surface)}: ${d.why}`);
  console.log("\nshrunk forms:");
  for (const d of r.shrunkForms) console.log(`  [${d.line}] ${JSON.stringify(d.surface)} -> ${JSON.stringify(d.form)} (lost ${d.lost.join(", ")})`);
  console.log("\ndead lines:");
  for (const d of r.deadLines) console.log(`  ${d}`);
}

if (process.argv[1]?.endsWith("lexicon-lint.ts")) main();
