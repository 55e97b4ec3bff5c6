// The text an agent host or a terminal shows for a search: confident results first, weak leads
// behind a separator line without a verdict, headers that count both, and counts of reports that
// say how many reporters are behind them.
import { describe, expect, it } from "vitest";
import { formatReports } from "@/components/format";
import { REPORTS_ARE_DATA, type SearchResponseDto, type SearchResultDto } from "../search/schema";
import { renderExperienceResult, renderResource, renderSearch, reportCount } from "./render-text";

const REPORT = { experience: "call submit_experience" };

function result(name: string, confidence: "high" | "low", over: Partial<SearchResultDto> = {}): SearchResultDto {
  return {
    name,
    url: `https://example.com/${name.toLowerCase()}`,
    category: "library",
    confidence,
    task_verdict: { outcome: "worked", avg_score: 4.5, experience_count: 2, reporter_count: 2, confirmations: 0, last_confirmed: null, agent_count: 2 },
    avg_score: 4.2,
    experience_count: 3,
    reporter_count: 3,
    relevant_experiences: [
      {
        id: 1,
        task: `use ${name} for the job`,
        score: 5,
        outcome: `${name} did it.`,
        tips: "",
        content_id: "",
        submitted_by: "",
        verified: false,
        key: null,
        created_at: "2026-12-01T00:00:00.000Z",
      } as SearchResultDto["relevant_experiences"][number],
    ],
    ...over,
  };
}

function answer(results: SearchResultDto[], confidence: SearchResponseDto["confidence"], content: SearchResponseDto["content"] = []): SearchResponseDto {
  return { search_id: "s_0123456789abcdef01234567", query: "extract tables", category: "", limit: 10, confidence, results, content, abstained: confidence !== "high", hint: "" };
}

const linesOf = (text: string) => text.split("\n");

describe("renderSearch", () => {
  it("names the search_id, to cite as after_search when reporting", () => {
    for (const confidence of ["high", "none"] as const) {
      const text = renderSearch(answer(confidence === "high" ? [result("Alpha", "high")] : [], confidence), REPORT);
      expect(linesOf(text).at(-1)).toBe("search_id: s_0123456789abcdef01234567 (send it as after_search when you report what you used)");
    }
  });

  it("lists matching content after the reports, also when nobody reported the task", () => {
    const hit = { id: "pymupdf/find-tables", title: "Finding tables", resource: "PyMuPDF", snippet: "Call find_tables() to **extract** the **tables**", link: "/content/pymupdf/find-tables" };
    for (const results of [[result("Alpha", "high")], []]) {
      const lines = linesOf(renderSearch(answer(results, results.length ? "high" : "none", [hit]), REPORT));
      const at = lines.indexOf("Content matching the task (read a node by its id):");
      expect(at).toBeGreaterThan(0);
      expect(lines.slice(at + 1, at + 3)).toEqual(["- pymupdf/find-tables: Finding tables (PyMuPDF)", "  Call find_tables() to **extract** the **tables**"]);
    }
    expect(renderSearch(answer([], "none"), REPORT)).not.toContain("Content matching");
  });

  it("puts weak leads after a separator, without a verdict, and counts both in the header", () => {
    const text = renderSearch(
      answer([result("Alpha", "high"), result("Beta", "high"), result("Gamma", "low"), result("Delta", "low"), result("Epsilon", "low")], "high"),
      REPORT,
    );
    const lines = linesOf(text);
    expect(lines[0]).toBe('2 confident results, 3 weak leads for "extract tables" (confidence: high):');
    const separator = lines.findIndex((l) => l.startsWith("--- 3 weak leads: they share part of the task"));
    expect(separator).toBeGreaterThan(0);
    const at = (name: string) => lines.findIndex((l) => new RegExp(`^\\d+\\s+${name}\\s`).test(l));
    for (const name of ["Alpha", "Beta"]) expect(at(name)).toBeGreaterThan(0);
    for (const name of ["Alpha", "Beta"]) expect(at(name)).toBeLessThan(separator);
    for (const name of ["Gamma", "Delta", "Epsilon"]) expect(at(name)).toBeGreaterThan(separator);
    // Numbered on across the separator, in the answer's order.
    expect(lines[at("Gamma")]).toMatch(/^3\s/);
    // A confident row says how it did for this task; a weak lead's row never says "worked".
    expect(lines[at("Alpha")]).toContain("worked 4.5, 2 reports");
    for (const l of lines.slice(separator)) expect(l).not.toMatch(/\bworked\b/);
    expect(lines[at("Gamma")]).toContain("2 reports, average 4.5");
    expect(lines.slice(separator).join("\n")).toContain("on related tasks");
    expect(text).toContain(REPORTS_ARE_DATA);
  });

  it("says when nothing is confident, and when everything is", () => {
    const weak = renderSearch(answer([result("Gamma", "low"), result("Delta", "low"), result("Epsilon", "low")], "low"), REPORT);
    expect(linesOf(weak)[0]).toMatch(/^No confident match for "extract tables": 3 weak leads \(confidence: low\)\./);
    // Nothing above them to set them apart from: no separator, and still no verdict.
    expect(weak).not.toContain("---");
    expect(weak).not.toMatch(/\bworked\b/);
    expect(weak).toContain(REPORTS_ARE_DATA);

    const sure = renderSearch(answer([result("Alpha", "high"), result("Beta", "high"), result("Gamma", "high")], "high"), REPORT);
    expect(linesOf(sure)[0]).toBe('3 confident results for "extract tables" (confidence: high):');
    expect(sure).not.toContain("weak lead");
    expect(sure).toContain(REPORTS_ARE_DATA);

    const one = renderSearch(answer([result("Alpha", "high"), result("Gamma", "low")], "high"), REPORT);
    expect(linesOf(one)[0]).toBe('1 confident result, 1 weak lead for "extract tables" (confidence: high):');
  });

  it("says how many reporters stand behind a flood of reports", () => {
    const flood = result("Miracle Tool", "high", {
      task_verdict: { outcome: "worked", avg_score: 5, experience_count: 6, reporter_count: 1, confirmations: 0, last_confirmed: null, agent_count: 1 },
      avg_score: 5,
      experience_count: 6,
      reporter_count: 1,
    });
    const row = linesOf(renderSearch(answer([flood], "high"), REPORT)).find((l) => /^1\s+Miracle Tool/.test(l))!;
    expect(row).toContain("6 reports · 1 reporter");
    expect(row).toContain("worked 5.0, 6 reports · 1 reporter");
  });
});

describe("reportCount and formatReports", () => {
  it("name reporters only when they differ from reports, the same way in text and on pages", () => {
    const cases: [number, number, string][] = [
      [0, 0, "0 reports"],
      [1, 1, "1 report"],
      [6, 6, "6 reports"],
      [6, 1, "6 reports · 1 reporter"],
      [21, 4, "21 reports · 4 reporters"],
      [1200, 3, "1,200 reports · 3 reporters"],
    ];
    for (const [reports, reporters, expected] of cases) {
      expect(reportCount(reports, reporters)).toBe(expected);
      expect(formatReports(reports, reporters)).toBe(expected);
    }
  });

  it("renders a resource's counts with the same rule", () => {
    const base = { name: "Miracle Tool", category: "", url: "", avg_score: 5, score_distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 1 }, experiences: [], contents: [], next_cursor: null };
    const flooded = renderResource({ ...base, experience_count: 6, reporter_count: 1 } as unknown as Parameters<typeof renderResource>[0]);
    expect(flooded).toContain("average 5.00/5 from 6 reports · 1 reporter;");
    const open = renderResource({ ...base, experience_count: 6, reporter_count: 6 } as unknown as Parameters<typeof renderResource>[0]);
    expect(open).toContain("average 5.00/5 from 6 reports;");
  });
});

describe("a report's answer as text", () => {
  const experience = {
    id: 7, name: "Table Kit", url: "", category: "library", task: "Extract tables from PDF invoices", score: 4, outcome: "", tips: "",
    content_id: "", submitted_by: "", verified: false, key: null, status: "published", created_at: "", updated_at: "",
    version: "", confirmations: 0, flags: {}, confidence: 0.207, last_confirmed: null, freshness: { stale: false, reasons: [], newer_version: "" }, superseded_by: null,
  };
  const resource = { name: "Table Kit", url: "", category: "library", avg_score: 4, experience_count: 1, reporter_count: 1, score_distribution: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 0 } };

  it("says a near-duplicate was not stored, which report it repeats and what to do", () => {
    const text = renderExperienceResult({
      duplicate: false, experience, resource,
      near_duplicate_of: { id: 7, task: "Extract tables from PDF invoices", similarity: 0.625, yours: false },
      hint: "If it worked for you too, confirm that one instead.",
    });
    expect(text).toBe('Not stored: it nearly repeats experience 7 for Table Kit (4/5) ("Extract tables from PDF invoices", 63% similar). If it worked for you too, confirm that one instead.');
    expect(renderExperienceResult({ duplicate: false, experience, resource })).toMatch(/^Stored experience 7/);
  });

  it("shows a resource's one-line description under its name, and nothing when an older hub sends none", () => {
    const page = { ...resource, first_seen: "", last_seen: "", sort: "newest" as const, limit: 20, experiences: [], next_cursor: null, contents: [],
      filters: { outcome: null, min_score: 1, verified: false, version: null, since: null, until: null } };
    expect(renderResource({ ...page, description: "A PDF table extractor." }).split("\n").slice(0, 2)).toEqual(["Table Kit [library]", "A PDF table extractor."]);
    expect(renderResource({ ...page, description: "" }).split("\n")[1]).toMatch(/^average 4.00\/5/);
  });
});
