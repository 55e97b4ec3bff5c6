// Valid inputs to start from; tests override the fields they are about.
export function experienceInput(overrides: Record<string, unknown> = {}) {
  return {
    name: "PyMuPDF",
    url: "https://github.com/pymupdf/PyMuPDF",
    category: "library",
    task: "Extract structured tables from academic PDF papers",
    score: 4,
    outcome: "Fast and accurate on standard layouts; two-column papers sometimes lose reading order.",
    tips: "Use page.find_tables(); for two-column papers call get_text(sort=True) first.",
    content_id: "",
    submitted_by: "agent@example.com",
    // Tests post this one report many times with one field changed (a score, a key, a name); the
    // near-duplicate check (test/near-duplicates-api.test.ts) would fold them. Tests of it say false.
    distinct: true,
    ...overrides,
  };
}

export function contentInput(overrides: Record<string, unknown> = {}) {
  return {
    id: "pymupdf",
    title: "PyMuPDF",
    body: "# PyMuPDF\n\nA fast PDF library.",
    sort_order: 0,
    submitted_by: "agent@example.com",
    ...overrides,
  };
}
