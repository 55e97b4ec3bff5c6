// Text hygiene at the door (names refuse invisible and control characters, free text refuses
// controls, nothing mangled, nothing written) and lookalike resource names (409 unless confirmed).
import { describe, expect, it } from "vitest";
import * as contentIdRoute from "@/app/api/content/[...id]/route";
import * as contentRoute from "@/app/api/content/route";
import * as experienceRoute from "@/app/api/experience/route";
import * as searchRoute from "@/app/api/search/route";
import { contentInput, experienceInput } from "./factories";
import { call, type Answer } from "./http";
import { sqlGet, sqlRun } from "./sql";

const postExperience = (body: unknown) => call(experienceRoute.POST, "/api/experience", { method: "POST", body });
const postContent = (body: unknown) => call(contentRoute.POST, "/api/content", { method: "POST", body });
const getContent = (id: string) => call(contentIdRoute.GET, `/api/content/${id}`, { params: { id: id.split("/") } });

const count = async (table: string) => (await sqlGet<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;
const counts = async () => ({
  experiences: await count("experiences"),
  resources: await count("resources"),
  contents: await count("contents"),
  revisions: await count("content_revisions"),
});
const skeletonOf = async (key: string) => (await sqlGet<{ skeleton: string }>("SELECT skeleton FROM resources WHERE key = ?", [key]))?.skeleton;

/** 400 invalid_input naming `field` in details.issues, and nothing written. */
async function expectRefused(send: () => Promise<Answer>, field: string): Promise<Answer> {
  const before = await counts();
  const res = await send();
  expect(res.status).toBe(400);
  expect(res.json.error.code).toBe("invalid_input");
  expect(res.json.error.details.issues.map((i: { field: string }) => i.field)).toContain(field);
  expect(await counts()).toEqual(before);
  return res;
}

describe("names refuse invisible and control characters", () => {
  it("refuses a zero-width space in a resource name", async () => {
    const res = await expectRefused(() => postExperience(experienceInput({ name: "Py\u200bMuPDF" })), "name");
    expect(res.json.error.message).toContain("U+200B");
  });

  it("refuses a word joiner (U+2060) in a resource name", async () => {
    await expectRefused(() => postExperience(experienceInput({ name: "Py\u2060MuPDF" })), "name");
  });

  it("refuses a soft hyphen in a resource name", async () => {
    await expectRefused(() => postExperience(experienceInput({ name: "Py\u00adMuPDF" })), "name");
  });

  it.each(["202A", "202B", "202C", "202D", "202E"])("refuses the bidi embedding/override U+%s in a name", async (hex) => {
    await expectRefused(() => postExperience(experienceInput({ name: `Py${String.fromCodePoint(parseInt(hex, 16))}MuPDF` })), "name");
  });

  it.each(["2066", "2067", "2068", "2069"])("refuses the bidi isolate U+%s in a name", async (hex) => {
    await expectRefused(() => postExperience(experienceInput({ name: `Py${String.fromCodePoint(parseInt(hex, 16))}MuPDF` })), "name");
  });

  it.each(["061C", "180E", "FEFF", "200F"])("refuses U+%s in a name", async (hex) => {
    await expectRefused(() => postExperience(experienceInput({ name: `Py${String.fromCodePoint(parseInt(hex, 16))}MuPDF` })), "name");
  });

  it("refuses NUL in a resource name", async () => {
    await expectRefused(() => postExperience(experienceInput({ name: "PyMuPDF\u0000" })), "name");
  });

  it("refuses a C1 control in a resource name", async () => {
    await expectRefused(() => postExperience(experienceInput({ name: "Py\u0085MuPDF" })), "name");
  });

  it("applies the name rules to category and submitted_by", async () => {
    await expectRefused(() => postExperience(experienceInput({ category: "lib\u200brary" })), "category");
    await expectRefused(() => postExperience(experienceInput({ submitted_by: "agent\u202e@example.com" })), "submitted_by");
    await expectRefused(() => postContent(contentInput({ submitted_by: "agent\u200d" })), "submitted_by");
  });

  it("refuses a zero-width space in a content id", async () => {
    const res = await expectRefused(() => postContent(contentInput({ id: "pymupdf\u200b" })), "id");
    expect(res.json.error.message).toContain("U+200B");
    await expectRefused(() => postExperience(experienceInput({ content_id: "pymupdf/\u200bguide" })), "content_id");
  });
});

describe("free text refuses controls other than tab and newline", () => {
  it("refuses NUL in tips", async () => {
    await expectRefused(() => postExperience(experienceInput({ tips: "use page.find_tables()\u0000" })), "tips");
  });

  it("refuses an ANSI escape in outcome", async () => {
    const res = await expectRefused(() => postExperience(experienceInput({ outcome: "\u001b[31mfailed\u001b[0m" })), "outcome");
    expect(res.json.error.message).toContain("U+001B");
  });

  it("refuses the 8-bit CSI (C1) in task", async () => {
    await expectRefused(() => postExperience(experienceInput({ task: "\u009b2Jclear the screen" })), "task");
  });

  it("refuses a lone CR in tips", async () => {
    await expectRefused(() => postExperience(experienceInput({ tips: "all good\rall bad" })), "tips");
  });

  it("refuses a line break in a url", async () => {
    await expectRefused(() => postExperience(experienceInput({ url: "https://github.com/\npymupdf" })), "url");
  });

  it("refuses a lone surrogate in task instead of mangling it", async () => {
    const rawBody = JSON.stringify(experienceInput({ task: "TASK" })).replace("TASK", "extract \\ud800 tables");
    expect(rawBody).toContain("\\ud800");
    const res = await expectRefused(
      () => call(experienceRoute.POST, "/api/experience", { method: "POST", rawBody, headers: { "content-type": "application/json" } }),
      "task",
    );
    expect(res.json.error.message).toContain("lone surrogate");
  });

  it("refuses a body that is not valid UTF-8 instead of replacing the bytes", async () => {
    const [head, tail] = JSON.stringify(experienceInput({ name: "SPLIT" })).split("SPLIT");
    const body = new Uint8Array([...Buffer.from(head + "Py"), 0xff, 0xfe, 0xc3, ...Buffer.from("MuPDF" + tail)]);
    const send = async (): Promise<Answer> => {
      const request = new Request("http://127.0.0.1:3000/api/experience", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const response = await experienceRoute.POST(request, { params: Promise.resolve({}) });
      const text = await response.text();
      return { status: response.status, headers: response.headers, json: JSON.parse(text), text };
    };
    const res = await expectRefused(send, "(body)");
    expect(res.json.error.message).toBe("The body is not valid UTF-8");
  });

  it("refuses NUL in a content body", async () => {
    await expectRefused(() => postContent(contentInput({ id: "nul-body", body: "# Title\n\nbad\u0000byte" })), "body");
  });

  it("refuses NUL in a search query", async () => {
    await expectRefused(() => call(searchRoute.GET, `/api/search?q=${encodeURIComponent("pdf\u0000tables")}`), "q");
  });
});

describe("free text keeps what people write", () => {
  it("accepts tab and newline in tips and stores them", async () => {
    const tips = "1.\tpage.find_tables()\n2.\tget_text(sort=True)";
    const res = await postExperience(experienceInput({ task: "Tabs and newlines in tips", tips }));
    expect(res.status).toBe(201);
    expect(res.json.experience.tips).toBe(tips);
  });

  it("accepts Chinese text and emoji joined with ZWJ in tips", async () => {
    const tips = "双栏论文先 get_text(sort=True) 👩‍💻👨‍👩‍👧 效果很好";
    const res = await postExperience(experienceInput({ task: "Chinese and emoji in tips", tips }));
    expect(res.status).toBe(201);
    expect(res.json.experience.tips).toBe(tips);
  });

  it("stores CRLF in a content body as LF", async () => {
    const res = await postContent(contentInput({ id: "crlf-body", body: "# Title\r\n\r\nline one\r\nline two\r\n" }));
    expect(res.status).toBe(201);
    const stored = await getContent("crlf-body");
    expect(stored.json.body).toBe("# Title\n\nline one\nline two\n");
  });
});

describe("lookalike resource names", () => {
  it("fills the skeleton of a new resource", async () => {
    const res = await postExperience(experienceInput({ name: "PyMuPDF", task: "Lookalike baseline report" }));
    expect([200, 201]).toContain(res.status);
    expect(await skeletonOf("pymupdf")).toBe("pyrnupdf");
  });

  it("answers 409 naming the existing resource for a Cyrillic lookalike, writing nothing", async () => {
    const before = await counts();
    const res = await postExperience(experienceInput({ name: "руmupdf", task: "Lookalike in Cyrillic" }));
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("conflict");
    expect(res.json.error.message).toContain("PyMuPDF");
    expect(res.json.error.message).toContain("confirm_new_resource");
    expect(res.json.error.details).toMatchObject({ existing: "PyMuPDF", existing_key: "pymupdf", name: "руmupdf", skeleton: "pyrnupdf" });
    expect(await counts()).toEqual(before);
  });

  it("stores the lookalike held for review when the caller confirms", async () => {
    const res = await postExperience(experienceInput({ name: "руmupdf", task: "Lookalike in Cyrillic", confirm_new_resource: true }));
    expect(res.status).toBe(202);
    expect(res.json.moderation).toMatchObject({ status: "pending", findings: [{ kind: "lookalike_name", existing: "PyMuPDF" }] });
    expect(res.json.resource).toMatchObject({ name: "руmupdf", experience_count: 0 });
    expect(await skeletonOf("руmupdf")).toBe("pyrnupdf");
    // The confirmation is not part of what was reported: the same report without it is a retry.
    const again = await postExperience(experienceInput({ name: "руmupdf", task: "Lookalike in Cyrillic" }));
    expect(again.status).toBe(200);
    expect(again.json.duplicate).toBe(true);
  });

  it("treats the full-width spelling as the same resource (NFKC), not a lookalike", async () => {
    const before = await count("resources");
    const res = await postExperience(experienceInput({ name: "ＰｙＭｕＰＤＦ", task: "Full-width spelling of the name" }));
    expect(res.status).toBe(201);
    expect(res.json.resource.name).toBe("PyMuPDF");
    expect(await count("resources")).toBe(before);
  });

  it("refuses a capital I standing in for an l", async () => {
    expect((await postExperience(experienceInput({ name: "pdfplumber", task: "Tables with pdfplumber" }))).status).toBe(201);
    const res = await postExperience(experienceInput({ name: "pdfpIumber", task: "Tables with pdfpIumber" }));
    expect(res.status).toBe(409);
    expect(res.json.error.details.existing).toBe("pdfplumber");
  });

  it("finds resources whose skeleton was never filled (written by an import or an older version)", async () => {
    expect((await postExperience(experienceInput({ name: "LangChain", task: "Agents with LangChain" }))).status).toBe(201);
    await sqlRun("UPDATE resources SET skeleton = '' WHERE key = 'langchain'");
    const res = await postExperience(experienceInput({ name: "Lаngchain", task: "Agents with a Cyrillic a" }));
    expect(res.status).toBe(409);
    expect(res.json.error.details.existing).toBe("LangChain");
    expect(await skeletonOf("langchain")).toBe("langchain");
  });

  it("ignores resources with no published report", async () => {
    expect((await postExperience(experienceInput({ name: "Camelot", task: "Tables with Camelot" }))).status).toBe(201);
    await sqlRun("UPDATE experiences SET status = 'hidden' WHERE resource_key = 'camelot'");
    const res = await postExperience(experienceInput({ name: "Cаmelot", task: "Tables with a Cyrillic a" }));
    expect(res.status).toBe(201);
  });

  it("refuses confirm_new_resource that is not a boolean", async () => {
    await expectRefused(() => postExperience(experienceInput({ name: "руmupdf", confirm_new_resource: "yes" })), "confirm_new_resource");
  });
});
