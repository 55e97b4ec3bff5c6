import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ANALYZER_VERSION, analyze, analyzeTerms, indexText, wordSegments } from "./analyze";
import { STOP_WORDS } from "./stop-words";
import { expandTerms } from "./lexicon";

describe("analyze", () => {
  it("keeps two-character Chinese words whole", () => {
    const terms = analyze("从学术论文 PDF 提取结构化表格");
    expect(terms).toEqual(expect.arrayContaining(["论文", "表格", "提取", "pdf"]));
  });

  it("turns runs of unknown single characters into bigrams, the same in any text", () => {
    expect(analyze("电商商品图")).toContain("电商");
    expect(analyze("Jest 测试重试逻辑")).toContain("重试");
  });

  it("handles mixed Chinese and English text, punctuation and case", () => {
    const terms = analyze("用 PyMuPDF（pdfminer.six）提取 PDF 表格！GPT-4o");
    expect(terms).toEqual(expect.arrayContaining(["pymupdf", "pdfminer", "six", "提取", "pdf", "表格", "gpt", "4o"]));
  });

  it("stems English words so that inflections meet", () => {
    expect(indexText("Extracting tables")).toBe(indexText("extract table"));
    expect(analyze("scraped pages")).toEqual(analyze("scrape page"));
  });

  it("applies NFKC before anything else: full-width letters are ordinary letters", () => {
    expect(analyze("ＰＤＦ")).toEqual(["pdf"]);
  });

  it("drops stop words in both languages", () => {
    expect(analyze("how to extract the tables")).toEqual(analyze("extract tables"));
    expect(analyze("如何提取表格")).toEqual(["提取", "表格"]);
    // What a contraction leaves is not a word of the task: "won't" must not ask for "won".
    expect(analyze("celery worker won't start, doesn't log")).toEqual(analyze("celery worker start log"));
  });

  it("drops words the segmenter glues from particles alone, and keeps content words built with them", () => {
    // ICU keeps 过的 and 及其 whole: as words no report uses, they made a query look half uncovered.
    expect(analyze("修改过的模型及其下游")).toEqual(["修改", "模型", "下游"]);
    expect(analyze("比较两个表格")).toContain("比较");
  });

  it("marks fallback bigrams as soft and dictionary words as firm", () => {
    const terms = analyzeTerms("互联网表格");
    expect(terms.filter((t) => t.soft).map((t) => t.term)).toEqual(["互联", "联网"]);
    expect(terms.find((t) => t.term === "表格")?.soft).toBe(false);
  });
});

describe("lexicon expansion", () => {
  it("links English and Chinese forms of a concept", () => {
    const [alts] = expandTerms(analyze("分词"));
    expect([...alts]).toContain(analyze("tokenize")[0]);
    const [back] = expandTerms(analyze("scrape"));
    expect([...back]).toEqual(expect.arrayContaining(["抓取", "爬虫"]));
  });

  it("matches multi-word forms", () => {
    const tokens = analyze("word segmentation");
    const alts = expandTerms(tokens);
    expect([...alts[0]]).toContain("分词");
  });
});

describe("the fast path for text without Chinese", () => {
  const parts = (segments: Iterable<{ segment: string; isWordLike?: boolean }>) =>
    [...segments].filter((s) => s.isWordLike).flatMap((s) => s.segment.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const icu = new Intl.Segmenter("zh", { granularity: "word" });

  it.each([
    "pdfminer.six extracts text; it's fast, don't worry",
    "node.js v20.9 + C++ addons (3.5x faster) – naïve café résumé",
    "a_b snake_case, e-mail, 1,000,000 rows @ 99.9% uptime",
  ])("splits %j exactly as ICU word breaking does", (text) => {
    const normalized = text.normalize("NFKC").toLowerCase();
    expect(parts(wordSegments(normalized))).toEqual(parts(icu.segment(normalized)));
  });
});

describe("the analyzer version", () => {
  // Databases record the version that analyzed them and are analyzed again when it differs
  // (reanalyze.ts). A change to analysis that keeps the version would leave every existing database
  // cut the old way: so the version is pinned to what it produces. When this fails, bump
  // ANALYZER_VERSION and add its fingerprint here; never edit an existing line.
  const FINGERPRINTS: Record<string, string> = {
    "2": "8b2104c4fdd688fa",
  };
  const SAMPLE = [
    "Extracting tables from scanned PDFs: how to do it quickly? don't worry, it's fine",
    "用 PyMuPDF（pdfminer.six）从学术论文里提取结构化表格！GPT-4o 修改过的模型及其下游",
    "电商商品图 Jest 测试重试逻辑 互联网表格 ＰＤＦ 浏览器端渲染 node.js v20.9 naïve café",
    "批量拉取全部 A 股实时行情时经常失败，接口一变动就返回空表。",
  ];

  it("matches the analysis it names", () => {
    const fingerprint = createHash("sha256")
      .update(JSON.stringify({ stop: [...STOP_WORDS].sort(), sample: SAMPLE.map(indexText) }))
      .digest("hex")
      .slice(0, 16);
    expect(fingerprint).toBe(FINGERPRINTS[ANALYZER_VERSION]);
  });
});
