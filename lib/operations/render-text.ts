// Answers as text for people and for agent hosts that show only text: the CLI's output without
// --json, and the text beside an MCP tool's structured result. The JSON stays the contract; this is
// a reading of it, short enough to scan.
import type { ContentDto, ContentHistoryDto, SubmitContentResultDto } from "../contents/schema";
import type { CreateExperienceResult } from "../experiences/schema";
import type { CategoryDto } from "../resources/schema";
import { REPORTS_ARE_DATA, type ContentHitDto, type ResourceAnswerDto, type ResourceTaskDto, type SearchResponseDto, type SearchResultDto } from "../search/schema";
import { verdictSentence } from "../search/verdict-text";
import type { VerdictResultDto } from "../verdicts/schema";
import type { OperationName } from "./operations";

/** How the reader reports afterwards: a tool name for MCP, a command for the CLI. */
export type ReportHint = { experience: string };

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Columns padded to their widest cell; the last column is never padded. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/**
 * A count of reports that says who is behind them: "6 reports · 1 reporter", or "6 reports" when
 * every report has its own reporter (always so in open mode). The pages follow the same rule
 * (formatReports in components/format.ts). `reporters` may be missing from an older remote hub's
 * answer (KNOWHUB_API): then only the reports are counted.
 */
export function reportCount(reports: number, reporters: number | undefined): string {
  const counted = `${reports.toLocaleString("en-US")} report${reports === 1 ? "" : "s"}`;
  if (reporters === undefined || reporters === reports) return counted;
  return `${counted} · ${reporters.toLocaleString("en-US")} reporter${reporters === 1 ? "" : "s"}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderSearch(answer: SearchResponseDto, report: ReportHint): string {
  // An older remote hub (KNOWHUB_API) may answer without one.
  const cite = answer.search_id ? `\n\nsearch_id: ${answer.search_id} (send it as after_search when you report what you used)` : "";
  return renderAnswerText(answer, report) + renderContentHits(answer.content ?? []) + cite;
}

/** Content nodes matching the task, after the reports (an older remote hub sends none). */
function renderContentHits(hits: ContentHitDto[]): string {
  if (hits.length === 0) return "";
  const lines = hits.map((c) => `- ${c.id}${c.title ? `: ${c.title}` : ""}${c.resource ? ` (${c.resource})` : ""}\n  ${c.snippet}`);
  return `\n\nContent matching the task (read a node by its id):\n${lines.join("\n")}`;
}

function renderAnswerText(answer: SearchResponseDto, report: ReportHint): string {
  const where = answer.category ? ` in category ${answer.category}` : "";
  const reportAfter = `After you use a resource, ${report.experience} with the task, the resource, a score and tips so the next agent finds it here.`;
  if (answer.results.length === 0) {
    return `Nobody has reported a task like "${answer.query}"${where} yet (confidence: none). Find a resource elsewhere (PyPI, npm, GitHub, MCP registries, papers), use it, then ${report.experience}.`;
  }
  // Numbered in the answer's order: confident results first, weak leads after them.
  const numbered = answer.results.map((r, i) => ({ r, n: i + 1 }));
  const confident = numbered.filter(({ r }) => r.confidence === "high");
  const weak = numbered.filter(({ r }) => r.confidence !== "high");
  const leads = plural(weak.length, "weak lead", "weak leads");
  const head =
    confident.length === 0
      ? `No confident match for "${answer.query}"${where}: ${leads} (confidence: ${answer.confidence}). They share only part of the task; read each task before relying on one.`
      : `${plural(confident.length, "confident result", "confident results")}${weak.length ? `, ${leads}` : ""} for "${answer.query}"${where} (confidence: ${answer.confidence}):`;
  const overall = (r: SearchResultDto) => [r.name, r.category || "-", `${r.avg_score.toFixed(1)}/5`, reportCount(r.experience_count, r.reporter_count)];
  const best = ({ r, n }: { r: SearchResultDto; n: number }) => {
    const e = r.relevant_experiences[0];
    if (!e) return [];
    const tips = e.tips ? ` Tips: ${clip(e.tips, 200)}` : "";
    // A confident result's verdict in words; a weak lead's reports are about related tasks (no verdict).
    const verdict = r.confidence === "high" ? `${capitalize(verdictSentence(r.task_verdict))}. ` : "";
    const stale = e.freshness?.stale ? ` (stale: ${e.freshness.reasons.join(", ")})` : "";
    return [`${n}. ${r.name}: ${verdict}Experience ${e.id}: "${clip(e.task, 120)}" scored ${e.score}/5${stale}. ${clip(e.outcome, 200)}${tips}`];
  };
  const lines = [head];
  if (confident.length) {
    const rows = confident.map(({ r, n }) => {
      const v = r.task_verdict;
      return [String(n), ...overall(r), `${v.outcome} ${v.avg_score.toFixed(1)}, ${reportCount(v.experience_count, v.reporter_count)}`, r.url || "-"];
    });
    lines.push("", table(["#", "resource", "category", "avg", "reports", "for this task", "url"], rows), "", ...confident.flatMap(best));
  }
  if (weak.length) {
    // A weak lead's matching reports are about related tasks: their average is no verdict on this one.
    const rows = weak.map(({ r, n }) => {
      const v = r.task_verdict;
      return [String(n), ...overall(r), `${reportCount(v.experience_count, v.reporter_count)}, average ${v.avg_score.toFixed(1)}`, r.url || "-"];
    });
    if (confident.length) lines.push("", `--- ${leads}: they share part of the task, so no verdict for it; read each task before relying on one ---`);
    lines.push("", table(["#", "resource", "category", "avg", "reports", "on related tasks", "url"], rows), "", ...weak.flatMap(best));
  }
  lines.push("", `${REPORTS_ARE_DATA} ${reportAfter}`);
  return lines.join("\n");
}

export function renderResource(r: ResourceAnswerDto): string {
  const dist = (["5", "4", "3", "2", "1"] as const).map((s) => `${s}: ${r.score_distribution[s]}`).join("  ");
  const lines = [
    `${r.name}${r.category ? ` [${r.category}]` : ""}${r.url ? ` ${r.url}` : ""}${r.redirected_from ? ` (was "${r.redirected_from}")` : ""}`,
    // An older hub (remote) sends no description.
    ...(r.description ? [r.description] : []),
    `average ${r.avg_score.toFixed(2)}/5 from ${reportCount(r.experience_count, r.reporter_count)}; ${dist}`,
    "",
    table(
      ["id", "score", "date", "by", "task"],
      r.experiences.map((e) => [String(e.id), `${e.score}/5`, e.created_at.slice(0, 10), e.key ? `${e.key.label} (key)` : e.submitted_by || "unverified", clip(e.task, 80)]),
    ),
  ];
  if (r.next_cursor) lines.push("", `more: cursor ${r.next_cursor}`);
  if (r.contents.length) lines.push("", `content: ${r.contents.map((c) => c.id).join(", ")}`);
  if (r.task) lines.splice(3, 0, ...renderResourceTask(r.task), "", "other reports:");
  return lines.join("\n");
}

/** The task's part of a resource read with q: its verdict, matching reports and content, before the rest. */
function renderResourceTask(t: ResourceTaskDto): string[] {
  const head = t.verdict
    ? `For the task "${t.q}": ${verdictSentence(t.verdict)}; ${plural(t.matching, "report matches", "reports match")}.`
    : `For the task "${t.q}": none of its reports matches it.`;
  const lines = ["", head];
  if (t.experiences.length) {
    lines.push(table(["id", "score", "date", "task"], t.experiences.map((e) => [String(e.id), `${e.score}/5`, e.created_at.slice(0, 10), clip(e.task, 80)])));
  }
  const content = renderContentHits(t.content);
  if (content) lines.push(content.trimStart());
  return lines;
}

export function renderContent(c: ContentDto | ContentHistoryDto): string {
  if ("revisions" in c) {
    return [
      `${c.id}: ${c.revisions.length} revision${c.revisions.length === 1 ? "" : "s"} (latest ${c.latest_revision})`,
      "",
      table(["revision", "date", "by", "title"], c.revisions.map((r) => [String(r.revision), r.created_at.slice(0, 10), r.key ? `${r.key.label} (key)` : r.submitted_by || "unverified", r.title])),
    ].join("\n");
  }
  const nav = [
    c.parent ? `parent: ${c.parent.id}` : "",
    c.prev ? `prev: ${c.prev.id}` : "",
    c.next ? `next: ${c.next.id}` : "",
    c.children.length ? `children: ${c.children.map((k) => k.id).join(", ")}` : "",
  ].filter(Boolean);
  return [`# ${c.title || c.id}`, `(${c.id}, revision ${c.revision} of ${c.latest_revision})`, "", c.body.trimEnd(), ...(nav.length ? ["", ...nav] : [])].join("\n");
}

export function renderCategories(answer: { categories: CategoryDto[] }): string {
  if (answer.categories.length === 0) return "No categories yet: nothing has been reported.";
  return table(["category", "resources", "experiences"], answer.categories.map((c) => [c.category, String(c.resource_count), String(c.experience_count)]));
}

// Held reasons may begin with the words the sentence already says ("held for review: screening found ...").
const heldBecause = (reason: string) => reason.replace(/^held for review: /, "");

export function renderExperienceResult(r: CreateExperienceResult): string {
  const what = `experience ${r.experience.id} for ${r.experience.name} (${r.experience.score}/5)`;
  if (r.moderation) return `Stored ${what}, held for review: ${heldBecause(r.moderation.reason)}`;
  if (r.duplicate) return `Already stored: ${what} (a retry changes nothing).`;
  if (r.near_duplicate_of) {
    const similar = `${Math.round(r.near_duplicate_of.similarity * 100)}% similar`;
    return `Not stored: it nearly repeats ${what} ("${r.near_duplicate_of.task}", ${similar}). ${r.hint ?? ""}`.trimEnd();
  }
  return `Stored ${what}. ${r.resource.name} now averages ${r.resource.avg_score.toFixed(2)}/5 from ${r.resource.reporter_count} reporter${r.resource.reporter_count === 1 ? "" : "s"}.`;
}

export function renderContentResult(r: SubmitContentResultDto): string {
  if (r.status === "pending") return `Stored ${r.id} revision ${r.revision}, held for review: ${heldBecause(r.moderation?.reason ?? "pending")}`;
  if (r.status === "unchanged") return `${r.id} is unchanged (revision ${r.revision} has this text already).`;
  return `${r.status === "created" ? "Created" : "Revised"} ${r.id}: revision ${r.revision}.`;
}

export function renderVerdictResult(r: VerdictResultDto): string {
  const e = r.experience;
  const what = r.verdict.verdict === "confirm" ? "confirmation" : `${r.verdict.reason} flag`;
  const done = r.change === "unchanged" ? `Your ${what} of experience ${e.id} was already recorded (nothing changed)` : `${r.change === "created" ? "Recorded" : "Replaced your earlier verdict with"} your ${what} of experience ${e.id}`;
  const held = r.verdict.status === "pending" ? " It awaits a maintainer's review." : "";
  const stale = e.freshness.stale ? `; stale (${e.freshness.reasons.join(", ")})` : "";
  return `${done}.${held} It now has ${plural(e.confirmations, "confirmation", "confirmations")} from distinct keys, confidence ${e.confidence.toFixed(3)}${stale}.`;
}

export function renderAnswer(name: OperationName, answer: unknown, report: ReportHint): string {
  switch (name) {
    case "search":
      return renderSearch(answer as SearchResponseDto, report);
    case "resource":
      return renderResource(answer as ResourceAnswerDto);
    case "content":
      return renderContent(answer as ContentDto | ContentHistoryDto);
    case "categories":
      return renderCategories(answer as { categories: CategoryDto[] });
    case "submit_experience":
      return renderExperienceResult(answer as CreateExperienceResult);
    case "submit_content":
      return renderContentResult(answer as SubmitContentResultDto);
    case "confirm_experience":
    case "flag_experience":
      return renderVerdictResult(answer as VerdictResultDto);
  }
}
