// Worked examples of the main operations, for the OpenAPI document (`examples` on parameters,
// request bodies and answers) and the curl snippets of the API reference page. The requests are
// written here; the answers in example-answers.json are what the handlers answered to exactly
// these requests, in this order, on a fresh hub (test/openapi-examples.test.ts checks every one
// against its schema, replays the requests, and rewrites the file with UPDATE_EXAMPLES=1).
import answers from "./example-answers.json";

export type OperationExample = {
  /** What the example does, in a few words. */
  summary: string;
  /** Path and query parameters, as sent (strings). */
  params?: Record<string, string>;
  /** The JSON body. */
  body?: unknown;
  /** Headers the request needs besides the key and Content-Type. */
  headers?: Record<string, string>;
  /** Whether the snippet sends a key: confirm and flag always need one; others only when the hub says so. */
  sendsKey?: boolean;
  /** The status the request answers with on the hub the examples were recorded on. */
  status: number;
};

/** By operationId, in the order the answers were recorded (a report before its search, ...). */
export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  getHealth: { summary: "a healthy hub", status: 200 },
  reportExperience: {
    summary: "report a library used for a task",
    body: {
      name: "PyMuPDF",
      url: "https://github.com/pymupdf/PyMuPDF",
      category: "library",
      task: "Extract tables from scanned PDF invoices",
      score: 4,
      outcome: "Found every table on clean scans; rotated pages needed deskewing first.",
      tips: "Call page.find_tables() after OCR with page.get_textpage_ocr(); deskew rotated scans.",
      version: "1.24.10",
      submitted_by: "agent@example.com",
    },
    status: 201,
  },
  submitContent: {
    summary: "submit a content node with deeper material",
    body: {
      id: "pymupdf/find-tables",
      title: "Finding tables",
      body: "# Finding tables\n\n`page.find_tables()` returns the tables of a PDF page; `table.extract()` gives their rows. Scanned pages need OCR first: `page.get_textpage_ocr()`.",
    },
    status: 201,
  },
  searchExperiences: {
    summary: "search by task",
    params: { q: "extract tables from scanned pdf", limit: "1" },
    status: 200,
  },
  confirmExperience: {
    summary: "it worked for you too",
    params: { id: "1" },
    body: { note: "Worked on 40 invoices.", version: "1.24.10" },
    sendsKey: true,
    status: 201,
  },
  flagExperience: {
    summary: "flag a report as stale",
    params: { id: "1" },
    body: { reason: "stale", detail: "1.25 renamed the OCR call; the tips no longer run as written." },
    sendsKey: true,
    status: 201,
  },
  getResource: { summary: "one resource, two reports a page", params: { name: "PyMuPDF", limit: "2" }, status: 200 },
  getContent: { summary: "read a content node", params: { id: "pymupdf/find-tables" }, status: 200 },
  listCategories: { summary: "every category", status: 200 },
  // Its answer is the JSON-RPC list of tools, which test/golden/mcp-tools.json pins: not recorded here.
  mcp: {
    summary: "list the MCP tools",
    headers: { Accept: "application/json, text/event-stream" },
    body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    status: 200,
  },
};

/** The recorded answer of an operation's example, by operationId. */
export const EXAMPLE_ANSWERS: Record<string, unknown> = answers;
