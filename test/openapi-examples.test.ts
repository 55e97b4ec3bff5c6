// The worked examples of the OpenAPI document (lib/openapi/examples.ts): every request example
// parses with the handler's own zod schema, every recorded answer (lib/openapi/example-answers.json)
// passes both the document's JSON Schema for its status (ajv, 2020-12) and the zod DTO, and the
// requests, replayed in order on a fresh hub, answer with the statuses the examples state. With
// UPDATE_EXAMPLES=1 (SQLite project) the replayed answers are written back as the new recording.
import Ajv2020 from "ajv/dist/2020";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS, type EndpointDoc } from "@/lib/api-index";
import { createKey } from "@/lib/keys/create-key";
import { resetRateLimits } from "@/lib/limits/rate-limit";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { curlSnippet } from "@/lib/openapi/curl-snippet";
import { EXAMPLE_ANSWERS, OPERATION_EXAMPLES, type OperationExample } from "@/lib/openapi/examples";
import { call } from "./http";

const doc = buildOpenApiDocument();
const endpointOf = (operationId: string): EndpointDoc => {
  const endpoint = ENDPOINTS.find((e) => e.operationId === operationId);
  if (!endpoint) throw new Error(`no endpoint has operationId ${operationId}`);
  return endpoint;
};
const operationOf = (endpoint: EndpointDoc) => doc.paths[endpoint.path][endpoint.method.toLowerCase()] as Record<string, any>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
function schemaErrors(endpoint: EndpointDoc, status: number, value: unknown) {
  const schema = operationOf(endpoint).responses[String(status)]?.content?.["application/json"]?.schema;
  const validate = ajv.compile({ ...(schema ?? {}), components: doc.components });
  return validate(value) ? [] : validate.errors;
}

/** The answer's problems: by the document's JSON Schema, then by the zod DTO the handler is typed with. */
function answerProblems(operationId: string, answer: unknown): unknown[] {
  const endpoint = endpointOf(operationId);
  const status = OPERATION_EXAMPLES[operationId].status;
  const problems: unknown[] = [...(schemaErrors(endpoint, status, answer) ?? [])];
  const dto = endpoint.responses?.[status]?.schema;
  if (!dto) problems.push(`no response schema for ${status}`);
  else {
    const parsed = dto.safeParse(answer);
    if (!parsed.success) problems.push(...parsed.error.issues);
  }
  return problems;
}

function routeDir(path: string): string {
  const segments = path.split("/").filter(Boolean);
  return segments.map((s, i) => s.replace(/^\{(\w+)\}$/, i === segments.length - 1 ? "[...$1]" : "[$1]")).join("/");
}

async function replay(operationId: string, example: OperationExample, headers: Record<string, string>) {
  const endpoint = endpointOf(operationId);
  const mod = await import(/* @vite-ignore */ join(process.cwd(), "app", routeDir(endpoint.path), "route.ts"));
  let path = endpoint.path;
  const params: Record<string, string | string[]> = {};
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(example.params ?? {})) {
    if (path.includes(`{${name}}`)) {
      path = path.replace(`{${name}}`, value.split("/").map(encodeURIComponent).join("/"));
      params[name] = routeDir(endpoint.path).includes(`[...${name}]`) ? value.split("/") : value;
    } else query.set(name, value);
  }
  const search = query.toString();
  return call(mod[endpoint.method], `${path}${search ? `?${search}` : ""}`, {
    method: endpoint.method,
    body: example.body,
    headers: { host: "127.0.0.1:3000", ...(example.headers ?? {}), ...headers },
    params,
  });
}

beforeAll(() => {
  process.env.KNOWHUB_RATE_WRITE = "off";
  process.env.KNOWHUB_RATE_SEARCH = "off";
});
afterAll(() => resetRateLimits());

describe("the OpenAPI document's examples", () => {
  it("are in the document: each parameter, body and recorded answer of the main operations", () => {
    expect(Object.keys(OPERATION_EXAMPLES)).toEqual(expect.arrayContaining(["searchExperiences", "reportExperience", "getResource", "getContent", "submitContent", "confirmExperience", "flagExperience"]));
    const search = operationOf(endpointOf("searchExperiences"));
    expect(search.parameters.find((p: any) => p.name === "q").examples.default.value).toBe("extract tables from scanned pdf");
    const report = operationOf(endpointOf("reportExperience"));
    expect(report.requestBody.content["application/json"].examples.default.value.name).toBe("PyMuPDF");
    expect(report.responses["201"].content["application/json"].examples.default.value.experience.name).toBe("PyMuPDF");
  });

  it("send requests the handlers' own schemas accept", () => {
    for (const [operationId, example] of Object.entries(OPERATION_EXAMPLES)) {
      const endpoint = endpointOf(operationId);
      if (endpoint.params) {
        const parsed = endpoint.params.safeParse(example.params ?? {});
        expect(parsed.success ? [] : parsed.error.issues, `${operationId} params`).toEqual([]);
      } else expect(example.params, `${operationId} takes no parameters`).toBeUndefined();
      if (endpoint.body) {
        const parsed = endpoint.body.safeParse(example.body);
        expect(parsed.success ? [] : parsed.error.issues, `${operationId} body`).toEqual([]);
      }
    }
  });

  it("record answers that match their schemas, one for each example but the MCP one", () => {
    expect(Object.keys(EXAMPLE_ANSWERS).sort()).toEqual(Object.keys(OPERATION_EXAMPLES).filter((id) => id !== "mcp").sort());
    for (const [operationId, answer] of Object.entries(EXAMPLE_ANSWERS)) {
      expect(answerProblems(operationId, answer), operationId).toEqual([]);
    }
  });

  it("would be refused with a wrong field, so the check above can fail", () => {
    const broken = structuredClone(EXAMPLE_ANSWERS.reportExperience) as any;
    broken.experience.score = "4";
    expect(answerProblems("reportExperience", broken).length).toBeGreaterThan(0);
    const missing = structuredClone(EXAMPLE_ANSWERS.getHealth) as any;
    delete missing.status;
    expect(answerProblems("getHealth", missing).length).toBeGreaterThan(0);
  });

  it("replayed in order on a fresh hub, answer with the statuses they state", async () => {
    // Confirm and flag need keys, each another agent's than the report's (which is sent without one).
    const keys: Record<string, string> = {
      confirmExperience: (await createKey({ label: "examples-confirmer", scope: "write", trusted: false })).token,
      flagExperience: (await createKey({ label: "examples-flagger", scope: "write", trusted: false })).token,
    };
    const recorded: Record<string, unknown> = {};
    for (const [operationId, example] of Object.entries(OPERATION_EXAMPLES)) {
      const answer = await replay(operationId, example, keys[operationId] ? { authorization: `Bearer ${keys[operationId]}` } : {});
      expect(answer.status, `${operationId}: ${answer.text.slice(0, 300)}`).toBe(example.status);
      if (operationId === "mcp") {
        expect(answer.json.result.tools.map((t: { name: string }) => t.name)).toContain("search_experiences");
        continue;
      }
      expect(answerProblems(operationId, answer.json), operationId).toEqual([]);
      recorded[operationId] = answer.json;
    }
    if (process.env.UPDATE_EXAMPLES === "1") {
      writeFileSync("lib/openapi/example-answers.json", `${JSON.stringify(recorded, null, 2)}\n`);
    }
  });
});

describe("the curl snippets", () => {
  it("send the example's parameters and body to the hub's address, with the key where it is needed", () => {
    const search = endpointOf("searchExperiences");
    expect(curlSnippet("get", search.path, operationOf(search), "https://hub.example.com")).toBe(
      "curl -s 'https://hub.example.com/api/search?q=extract+tables+from+scanned+pdf&limit=1'",
    );
    const confirm = endpointOf("confirmExperience");
    expect(curlSnippet("post", confirm.path, operationOf(confirm), "https://hub.example.com")).toBe(
      [
        "curl -s -X POST 'https://hub.example.com/api/experience/1/confirm'",
        '-H "Authorization: Bearer $KNOWHUB_TOKEN"',
        "-H 'Content-Type: application/json'",
        `-d '{"note":"Worked on 40 invoices.","version":"1.24.10"}'`,
      ].join(" \\\n  "),
    );
    const content = endpointOf("getContent");
    expect(curlSnippet("get", content.path, operationOf(content), "https://hub.example.com")).toBe("curl -s 'https://hub.example.com/api/content/pymupdf/find-tables'");
  });

  it("name placeholders for an operation without an example, and quote a single quote safely", () => {
    const revoke = endpointOf("revokeKey");
    const snippet = curlSnippet("post", revoke.path, operationOf(revoke), "http://127.0.0.1:3000");
    expect(snippet).toContain(`-d '{"key_id":"<key_id>","reason":"<reason>"}'`);
    expect(snippet).toContain("$KNOWHUB_TOKEN");
    const report = endpointOf("reportExperience");
    const quoted = curlSnippet("post", report.path, { ...operationOf(report), operationId: "x", requestBody: undefined }, "http://h'x");
    expect(quoted).toBe(`curl -s -X POST 'http://h'\\''x/api/experience'`);
  });
});
