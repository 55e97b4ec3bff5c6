import { describe, expect, it } from "vitest";
import { highlightForms, highlightSnippet, highlightText, matchRanges } from "./highlight-snippet";

const marked = (text: string, forms: string[]) =>
  highlightText(text, forms)
    .filter((p) => p.mark)
    .map((p) => p.text);

describe("highlightText", () => {
  it("marks inflected words whose analyzed term matched", () => {
    expect(marked("Extracting Tables from PDFs worked", ["extract", "tabl", "pdf"])).toEqual(["Extracting", "Tables", "PDFs"]);
  });

  it("does not mark words that only contain a term", () => {
    expect(marked("a stable pdfminer build", ["tabl", "pdf"])).toEqual([]);
  });

  it("marks the part of a compound token the index holds", () => {
    expect(marked("Pass dtype_backend='pyarrow' first", ["backend", "pyarrow"])).toEqual(["backend", "pyarrow"]);
  });

  it("applies the same normalization as the index (NFKC, case)", () => {
    expect(marked("Read ＰＤＦ files", ["pdf"])).toEqual(["ＰＤＦ"]);
  });

  it("marks Chinese words, also where ICU cuts them into single characters", () => {
    expect(marked("唐诗三百首的分词结果准确", ["分词"])).toEqual(["分词"]);
    expect(marked("电商商品图的抠图", ["电商"])).toEqual(["电商"]);
    expect(marked("先加载古汉语词典", ["pdf"])).toEqual([]);
  });

  it("marks a multi-word form only where its words follow each other", () => {
    expect(marked("load a data frame, then more data", ["data frame"])).toEqual(["data frame"]);
    expect(marked("frame the data", ["data frame"])).toEqual([]);
    // Stop words between them are skipped by the index, so they are inside the mark.
    expect(marked("a question and answer bot", ["question answer"])).toEqual(["question and answer"]);
  });

  it("keeps every character of the text, in order", () => {
    const text = 'Use <img src=x onerror="alert(1)"> to extract tables';
    expect(
      highlightText(text, ["extract", "tabl"])
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });

  it("merges overlapping ranges into one mark", () => {
    // "to" is a stop word, so "spreadsheet parquet" covers "spreadsheets to parquet".
    expect(matchRanges("convert spreadsheets to parquet", ["convert", "spreadsheet", "spreadsheet parquet", "parquet"])).toEqual([
      [0, 7],
      [8, 31],
    ]);
  });
});

describe("highlightForms", () => {
  it("takes matched terms, both sides of expansions and the query's terms", () => {
    const forms = highlightForms({ matched_terms: ["pdf"], expanded_terms: ["storag~store", "tabl~data frame"] }, "Extract 表格 是");
    expect(forms).toEqual(expect.arrayContaining(["pdf", "storag", "store", "tabl", "data frame", "extract", "表格"]));
    expect(forms).not.toContain("是");
  });

  it("works without explain", () => {
    expect(highlightForms(undefined, "")).toEqual([]);
  });
});

describe("highlightSnippet", () => {
  const long =
    "Converted 412 workbooks in about four minutes on a laptop. Merged cells were flattened into the first column, " +
    "which is what we wanted, but two sheets came out as cached values only. Dates needed an explicit format " +
    "string. Overall the parquet output matched the source row counts exactly after a second pass.";

  it("returns short text whole", () => {
    const s = highlightSnippet("Use the chunked reader.", ["reader"]);
    expect(s).toMatchObject({ cut: false, marked: 1 });
    expect(s.parts.map((p) => p.text).join("")).toBe("Use the chunked reader.");
  });

  it("cuts long text around the marks, at word boundaries, with ellipses", () => {
    const s = highlightSnippet(long, ["parquet", "count"], 120);
    const text = s.parts.map((p) => p.text).join("");
    expect(s.cut).toBe(true);
    expect(s.marked).toBe(2);
    expect(text.startsWith("…")).toBe(true);
    expect(text).toContain("parquet");
    expect(text.length).toBeLessThanOrEqual(122);
    // Starts at the beginning of a word.
    expect(text.slice(1)).toMatch(/^[A-Za-z]/);
    expect(long).toContain(text.slice(1).replace(/…$/, ""));
  });

  it("starts at the beginning when the first marks are there", () => {
    const s = highlightSnippet(long, ["convert"], 80);
    expect(s.parts[0]).toEqual({ text: "Converted", mark: true });
    expect(s.parts.at(-1)).toEqual({ text: "…", mark: false });
  });

  it("cuts unmarked long text from its start", () => {
    const s = highlightSnippet(long, [], 60);
    expect(s.marked).toBe(0);
    expect(s.parts[0].text.startsWith("Converted 412")).toBe(true);
  });

  it("cuts Chinese text without spaces", () => {
    const zh = "唐诗三百首的分词结果准确，专有名词也能识别。".repeat(8) + "最后一句提到古典诗词。";
    const s = highlightSnippet(zh, ["古典"], 40);
    expect(s.marked).toBe(1);
    expect(s.parts.some((p) => p.mark && p.text === "古典")).toBe(true);
  });
});
