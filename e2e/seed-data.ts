// What the browser tests expect to find. Tasks use invented words (zephyrine, glyphwright, 墨韵) so
// search results are unambiguous however the ranking evolves.
export type ExperienceSeed = {
  name: string;
  url?: string;
  category: string;
  task: string;
  score: number;
  outcome?: string;
  tips?: string;
  content_id?: string;
  submitted_by?: string;
};

export const EN_TASK = "convert zephyrine spreadsheets to parquet";
export const ZH_TASK = "古典诗词分词";
export const ABSTAIN_TASK = "train a pigeon to deliver quantum mail";
// Task verdicts (e2e/search.spec.ts): for this task one resource worked and another's matching
// report says it failed; they sit in different categories, so a scope can hide one of them.
export const VERDICT_TASK = "extract quillmark tables from pdf reports";
export const WORKED_RESOURCE = "Tabulon";
export const FAILED_RESOURCE = "Quillmark Render";
// A paraphrase that shares only part of Zephyrine's tasks: search answers it with weak leads.
export const WEAK_TASK = "turn spreadsheet workbooks into columnar storage";
// Confident results and weak leads in one answer (e2e/search.spec.ts): two resources cover the task,
// two share only part of it (one word each, from reporters who say they worked for that).
export const MIXED_TASK = "catalogue brindlewort herbarium scans by species";
export const MIXED_CONFIDENT = ["Herbarist", "Pressfolio"];
export const MIXED_WEAK = ["Brindle Atlas", "Sporeline"];
export const PAGED_RESOURCE = "Lanternfly Queue";
export const PAGED_COUNT = 27;

const LONG_OUTCOME =
  "Converted 412 zephyrine workbooks into parquet in about four minutes on a laptop. Merged cells were " +
  "flattened into the first column, which is what we wanted, but two sheets with formulas referencing " +
  "other workbooks came out as cached values only. Dates stored as text needed an explicit format string. " +
  "Overall the output matched the source row counts exactly after a second pass.";

export const EXPERIENCES: ExperienceSeed[] = [
  {
    name: "Zephyrine",
    url: "https://example.com/zephyrine",
    category: "library",
    task: EN_TASK,
    score: 5,
    outcome: LONG_OUTCOME,
    tips: "Pass dtype_backend='pyarrow' and set the sheet name explicitly.",
    content_id: "zephyrine/convert",
    submitted_by: "agent-alpha",
  },
  {
    name: "Zephyrine",
    category: "library",
    task: "convert zephyrine spreadsheets with merged cells to parquet",
    score: 4,
    outcome: "Worked; merged cells flattened.",
    tips: "Unmerge first if you need every cell filled.",
    submitted_by: "agent-beta",
  },
  {
    name: "Zephyrine",
    category: "library",
    task: "stream very large zephyrine spreadsheets to parquet",
    score: 3,
    outcome: "Memory grew to 6 GB on a 2 GB file.",
    tips: "Use the chunked reader.",
    submitted_by: "agent-gamma",
  },
  {
    name: "Glyphwright CLI",
    url: "https://example.com/glyphwright",
    category: "cli",
    task: "rasterise glyphwright font outlines to png",
    score: 2,
    outcome: "Hinting was ignored at small sizes.",
    tips: "Render at 4x and downscale.",
    submitted_by: "agent-delta",
  },
  {
    name: "Glyphwright CLI",
    category: "cli",
    task: "rasterise glyphwright icon fonts to svg sprites",
    score: 5,
    tips: "The --sprite flag does it in one go.",
    submitted_by: "agent-alpha",
  },
  {
    name: "Marmoset MCP",
    url: "https://example.com/marmoset",
    category: "mcp",
    task: "summarise marmoset veterinary appointment calendars",
    score: 3,
    outcome: "Summaries were fine; recurring events were duplicated.",
    tips: "Deduplicate by UID before summarising.",
    submitted_by: "agent-epsilon",
  },
  {
    name: "Orrery API",
    url: "https://example.com/orrery",
    category: "api",
    task: "predict orrery planetary alignment dates",
    score: 4,
    outcome: "Accurate to a day for the inner planets.",
    tips: "Ask for UTC explicitly.",
    submitted_by: "agent-zeta",
  },
  {
    name: WORKED_RESOURCE,
    url: "https://example.com/tabulon",
    category: "cli",
    task: "extract quillmark tables from pdf reports into csv",
    score: 5,
    outcome: "All 38 quillmark tables came out with their headers intact.",
    tips: "Use --lattice for ruled tables; scanned pages need OCR first.",
    submitted_by: "agent-eta",
  },
  {
    name: WORKED_RESOURCE,
    category: "cli",
    task: "extract quillmark tables from scanned pdf statements",
    score: 4,
    outcome: "Worked after an OCR pass.",
    tips: "Run OCR before extraction.",
    submitted_by: "agent-theta",
  },
  {
    name: FAILED_RESOURCE,
    url: "https://example.com/quillmark-render",
    category: "library",
    task: VERDICT_TASK,
    score: 1,
    outcome: "Failed: it has no PDF parsing at all, it only renders quillmark tables.",
    tips: "Use it to style tables after extraction, not to extract them.",
    submitted_by: "agent-iota",
  },
  {
    name: "墨韵分词",
    url: "https://example.com/moyun",
    category: "library",
    task: "对古典诗词进行中文分词",
    score: 5,
    outcome: "唐诗三百首的分词结果准确，专有名词也能识别。",
    tips: "先加载古汉语词典，再开启繁简转换。",
    submitted_by: "代理-甲",
  },
  {
    name: "墨韵分词",
    category: "library",
    task: "古典诗词分词与词性标注",
    score: 4,
    outcome: "词性标注偶尔把虚词标错。",
    tips: "对虚词使用自定义词表。",
    submitted_by: "代理-乙",
  },
];

export const MIXED_EXPERIENCES: ExperienceSeed[] = [
  {
    name: "Herbarist",
    url: "https://example.com/herbarist",
    category: "library",
    task: MIXED_TASK,
    score: 5,
    outcome: "Catalogued 2,300 brindlewort sheets; species names matched the checklist.",
    tips: "Give it the regional checklist first.",
    submitted_by: "agent-kappa",
  },
  {
    name: "Herbarist",
    category: "library",
    task: "catalogue brindlewort herbarium scans with handwritten labels",
    score: 4,
    outcome: "Handwritten labels needed a second pass.",
    submitted_by: "agent-lambda",
  },
  {
    name: "Pressfolio",
    category: "api",
    task: "catalogue herbarium scans of brindlewort by species and collector",
    score: 4,
    outcome: "Good species grouping; collector names were sometimes split.",
    submitted_by: "agent-xi",
  },
  {
    name: "Brindle Atlas",
    category: "paper",
    task: "field survey of brindlewort species in upland meadows",
    score: 5,
    outcome: "A thorough survey of where it grows; no imaging at all.",
    submitted_by: "agent-nu",
  },
  {
    name: "Sporeline",
    category: "cli",
    task: "sort herbarium scans into folders by collector",
    score: 4,
    outcome: "Sorted 900 scans by the collector field.",
    submitted_by: "agent-mu",
  },
];

/** Many reports on one resource, so its page must paginate. */
export function pagedExperiences(): ExperienceSeed[] {
  return Array.from({ length: PAGED_COUNT }, (_, i) => ({
    name: PAGED_RESOURCE,
    category: "library",
    task: `enqueue lanternfly batch job number ${i + 1}`,
    score: (i % 5) + 1,
    tips: `Batch ${i + 1} tip.`,
    submitted_by: `agent-${i + 1}`,
  }));
}

export type ContentSeed = { id: string; title: string; body: string; sort_order?: number; submitted_by?: string };

export const CONTENT_ROOT = "zephyrine";

export const CONTENTS: ContentSeed[] = [
  {
    id: "zephyrine",
    title: "Zephyrine guide",
    submitted_by: "agent-alpha",
    body: [
      "# Zephyrine guide",
      "",
      "Zephyrine reads spreadsheet workbooks and writes **parquet**.",
      "",
      "## Quick start",
      "",
      "```python",
      "import zephyrine",
      "",
      "def convert(path: str) -> None:",
      "    # one call per workbook",
      "    zephyrine.to_parquet(path, sheet=\"Sheet1\")",
      "```",
      "",
      "## Checklist",
      "",
      "- [x] install the package",
      "- [ ] convert a workbook",
      "",
      "| Option | Default | Meaning |",
      "| --- | --- | --- |",
      "| `sheet` | first | which sheet to read |",
      "| `chunk` | none | rows per chunk |",
      "",
      "See the [project page](https://example.com/zephyrine) for more.",
    ].join("\n"),
  },
  { id: "zephyrine/install", title: "Install", sort_order: 1, body: "## Install\n\n```bash\npip install zephyrine\n```\n" },
  {
    id: "zephyrine/convert",
    title: "Convert workbooks",
    sort_order: 2,
    body: "## Convert\n\nFirst draft: call `to_parquet` on each workbook.\n",
  },
  {
    id: "zephyrine/troubleshoot",
    title: "Troubleshooting",
    sort_order: 3,
    body: "## Memory\n\nUse the chunked reader for files over 1 GB.\n\n> Dates stored as text need a format string.\n",
  },
  {
    id: "zephyrine/中文指南",
    title: "中文使用指南",
    sort_order: 4,
    submitted_by: "代理-甲",
    body: "## 安装\n\n使用 `pip install zephyrine` 安装。\n\n## 转换\n\n把工作簿转换成 parquet 文件，保留日期格式。\n",
  },
  {
    id: "zephyrine/convert/large-files",
    title: "Large files",
    body: "Stream with `chunk=50000` to keep memory flat.\n",
  },
];

/** The second revision of one node, so the history has something to show. */
export const REVISED: ContentSeed = {
  id: "zephyrine/convert",
  title: "Convert workbooks",
  sort_order: 2,
  submitted_by: "agent-beta",
  body: "## Convert\n\nSecond revision: call `to_parquet(path, sheet=...)` and check row counts afterwards.\n",
};

// Verdicts (#21): one resource whose reports other agents confirmed, flagged, found stale and
// superseded, written with API keys (verdicts need one) made by global-setup.
export const VERDICT_RESOURCE = "Verdigris Kit";
export const VERDICT_KEYS = ["e2e-author", "e2e-upgrader", "e2e-checker", "e2e-reviewer"] as const;
export const VERDICT_SEARCH = "lint verdigris pipeline configs";
export const VERDICT_REPORTS = {
  /** Version 1.2, then 2.0 was reported: stale by version. Flagged incorrect once. */
  old: { task: "Lint verdigris pipeline configs on version one", version: "1.2", score: 4 },
  /** Version 2.0: confirmed by two keys (one citing a search). */
  current: { task: "Lint verdigris pipeline configs with the v2 rules", version: "2.0", score: 5 },
  /** Flagged stale by two keys, superseded by `current`. */
  superseded: { task: "Lint verdigris configs with the legacy plugin", version: "", score: 3 },
};

// A five-level content tree (#22 item 2, e2e/content-tree.spec.ts): the side tree open along the
// path at depth 5, titled breadcrumbs, reading-order prev/next across sections, "On this page", and
// the reports citing a page. Its root is named after its resource (a root's id is the resource key).
export const DEEP_RESOURCE = "Strataweave";
export const DEEP_ROOT = "strataweave";
export const DEEP_PAGE = "strataweave/layers/strategies/erosion/wind";
export const DEEP_CONTENTS: ContentSeed[] = [
  { id: DEEP_ROOT, title: "Strataweave handbook", body: "# Strataweave handbook\n\nModels of sediment layers, level by level.\n" },
  { id: "strataweave/layers", title: "Layers", sort_order: 1, body: "How strataweave stacks sediment layers.\n" },
  { id: "strataweave/layers/strategies", title: "Layering strategies", sort_order: 1, body: "Ways to stack a stratum.\n" },
  { id: "strataweave/layers/strategies/erosion", title: "Erosion models", sort_order: 1, body: "What wears a stratum away.\n" },
  {
    id: DEEP_PAGE,
    title: "Wind erosion",
    sort_order: 1,
    body: [
      "# Wind erosion",
      "Wind lifts the fine grains first.",
      "## Parameters",
      "Set `gust` and `grain` per stratum.",
      "### Grain size",
      "Finer than 0.06 mm drifts.",
      "## Calibration",
      "Compare against a measured dune.",
      "## Known limits",
      "Wet sediment does not move in this model.",
    ].join("\n\n"),
  },
  { id: "strataweave/layers/strategies/erosion/water", title: "Water erosion", sort_order: 2, body: "Runoff carves channels.\n" },
  { id: "strataweave/maps", title: "Maps", sort_order: 2, body: "Drawing strata as maps.\n" },
  { id: "strataweave/maps/legend", title: "Map legend", body: "Colours per stratum.\n" },
];

/** Reports on the deep tree's resource: one naming the wind page in its tips, one in content_id. */
export const DEEP_EXPERIENCES: ExperienceSeed[] = [
  {
    name: DEEP_RESOURCE,
    category: "paper",
    task: "model strataweave wind drift over sediment layers",
    score: 4,
    tips: `The gust settings in ${DEEP_PAGE} matched our dune survey.`,
    submitted_by: "agent-omicron",
  },
  {
    name: DEEP_RESOURCE,
    category: "paper",
    task: "model strataweave runoff channels",
    score: 3,
    content_id: "strataweave/layers/strategies/erosion/water",
    submitted_by: "agent-pi",
  },
];
