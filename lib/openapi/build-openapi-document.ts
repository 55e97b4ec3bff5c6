// The OpenAPI 3.1 document of the HTTP API, built from lib/api-index.ts: the same zod schemas the
// handlers parse requests with (emitted as their input side) and the DTO schemas the domain's
// answers are typed by (their output side). Nothing here is written by hand about a field, so the
// document cannot say something the code does not do without a test noticing (test/openapi-*.test.ts).
import { z } from "zod";
import { ENDPOINTS, type EndpointDoc, type ParameterDoc } from "../api-index";
import { ERROR_STATUS } from "../errors";
import { VERSION } from "../version";
import { attachExamples } from "./attach-examples";
import { COMPONENT_SCHEMAS } from "./components";
import { codesForStatus } from "./error-body";

type JsonSchema = Record<string, unknown>;
type JsonObject = Record<string, unknown>;

export const SECURITY_SCHEME = "bearerKey";

const SCHEMA_REF = (id: string) => `#/components/schemas/${id}`;

// Why each status can answer, for the errors an operation's kind implies.
const ERROR_REASONS: Record<number, string> = {
  400: "invalid input: details.issues names each field and what is wrong with it",
  401: "a key is needed and none was sent, or the key sent is unknown or revoked (see WWW-Authenticate)",
  403: "the key's scope is too low for this operation",
  404: "not found",
  409: "conflict",
  413: "the body is larger than this operation takes",
  415: "the body is not sent as Content-Type: application/json",
  429: "rate limited: too many requests from this key (or address, without a key); Retry-After says when to retry",
  503: "the database is busy with another write; nothing was stored; Retry-After says when to retry",
};

type Components = { schemas: Record<string, JsonSchema>; registry: z.core.$ZodRegistry<{ id: string }> };

let cachedComponents: Components | null = null;

function components(): Components {
  if (cachedComponents) return cachedComponents;
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) registry.add(schema, { id });
  const emitted = z.toJSONSchema(registry, { target: "draft-2020-12", io: "output", uri: SCHEMA_REF });
  const schemas = Object.fromEntries(Object.entries(emitted.schemas).map(([id, schema]) => [id, bare(schema as JsonSchema)]));
  cachedComponents = { schemas, registry };
  return cachedComponents;
}

/** A response schema: always a $ref, so that every answer's shape has a name in the document. */
function responseSchema(schema: z.ZodType, where: string): JsonSchema {
  const id = components().registry.get(schema)?.id;
  if (!id) throw new Error(`${where}: its response schema is not named in lib/openapi/components.ts`);
  return { $ref: SCHEMA_REF(id) };
}

/**
 * A request schema, as callers must send it (the input side: what parses, before transforms).
 * Checks such as hygiene and trimmed lengths run after parsing and cannot be expressed in JSON
 * Schema; the parameter descriptions state them.
 */
function requestSchema(schema: z.ZodType): JsonSchema {
  return bare(z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema);
}

function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

function docFor(endpoint: EndpointDoc, name: string, where: ParameterDoc["in"]): ParameterDoc {
  const doc = endpoint.parameters.find((d) => d.name === name && d.in === where);
  if (!doc) throw new Error(`${endpoint.method} ${endpoint.path}: the schema has ${where} parameter "${name}" that lib/api-index.ts does not describe`);
  return doc;
}

/** Every parameter lib/api-index.ts describes must be one the schema parses, and the other way round. */
function checkDescribed(endpoint: EndpointDoc, where: ParameterDoc["in"], names: string[]): void {
  for (const doc of endpoint.parameters.filter((d) => d.in === where)) {
    if (!names.includes(doc.name)) {
      throw new Error(`${endpoint.method} ${endpoint.path}: lib/api-index.ts describes ${where} parameter "${doc.name}" that the handler's schema does not take`);
    }
  }
  for (const name of names) docFor(endpoint, name, where);
}

function parametersOf(endpoint: EndpointDoc): JsonObject[] {
  const inPath = pathParameterNames(endpoint.path);
  if (!endpoint.params) {
    checkDescribed(endpoint, "path", []);
    checkDescribed(endpoint, "query", []);
    return [];
  }
  const schema = requestSchema(endpoint.params);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  for (const name of inPath) if (!names.includes(name)) throw new Error(`${endpoint.path}: {${name}} is not parsed by its schema`);
  checkDescribed(endpoint, "path", inPath);
  checkDescribed(endpoint, "query", names.filter((n) => !inPath.includes(n)));
  return names.map((name) => {
    const where = inPath.includes(name) ? "path" : "query";
    const doc = docFor(endpoint, name, where);
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      description: doc.description,
      schema: properties[name],
    };
  });
}

/** A body parameter named in parentheses, e.g. "(JSON-RPC)", describes the whole body, which a protocol's own parser reads. */
const isWholeBody = (doc: ParameterDoc) => doc.in === "body" && /^\(.*\)$/.test(doc.name);

function requestBodyOf(endpoint: EndpointDoc): JsonObject | undefined {
  const whole = endpoint.parameters.find(isWholeBody);
  if (whole) {
    if (endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path}: a whole-body parameter ${whole.name} and a body schema`);
    // No schema of ours to emit: any JSON, as the description says.
    return { required: whole.required, description: `${whole.name}: ${whole.description}`, content: { "application/json": { schema: {} } } };
  }
  if (!endpoint.body) {
    checkDescribed(endpoint, "body", []);
    return undefined;
  }
  const schema = requestSchema(endpoint.body);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  checkDescribed(endpoint, "body", Object.keys(properties));
  for (const [name, property] of Object.entries(properties)) property.description ??= docFor(endpoint, name, "body").description;
  return { required: true, content: { "application/json": { schema } } };
}

/** The error statuses an operation can answer with, from what it takes and who may call it. */
export function errorStatusesOf(endpoint: EndpointDoc): number[] {
  const statuses = new Set<number>();
  if (endpoint.params || endpoint.body) statuses.add(400);
  if (endpoint.auth !== "public") statuses.add(401);
  // A read key is the lowest scope: only write and moderate operations can refuse a key's scope.
  if (endpoint.auth === "write" || endpoint.auth === "moderate") statuses.add(403);
  if (endpoint.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (endpoint.rateLimited) statuses.add(429);
  // Writes wait for SQLite's write lock at most KNOWHUB_BUSY_TIMEOUT_MS, then answer 503.
  if (endpoint.method === "POST") statuses.add(503);
  for (const status of Object.keys(endpoint.responses ?? {}).map(Number)) if (status >= 400) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function errorResponse(status: number, description: string): JsonObject {
  const codes = codesForStatus(status);
  if (codes.length === 0) throw new Error(`no error code answers with ${status} (lib/errors.ts)`);
  const headers: JsonObject = {};
  if (status === 401) headers["WWW-Authenticate"] = { description: 'Bearer realm="knowhub"', schema: { type: "string" } };
  if (status === 429 || status === 503) headers["Retry-After"] = { description: "seconds to wait", schema: { type: "integer" } };
  return {
    description,
    ...(Object.keys(headers).length ? { headers } : {}),
    content: {
      "application/json": {
        // The shared error body, with the code narrowed to the ones this status carries.
        schema: { allOf: [{ $ref: SCHEMA_REF("Error") }, { properties: { error: { properties: { code: { enum: codes } } } } }] },
      },
    },
  };
}

function responsesOf(endpoint: EndpointDoc): JsonObject {
  const out: JsonObject = {};
  const where = `${endpoint.method} ${endpoint.path}`;
  const declared = endpoint.responses ?? {};
  for (const [key, doc] of Object.entries(declared)) {
    const status = Number(key);
    if (!doc || status >= 400) continue;
    // health's 503 is a success-shaped body, not the error body.
    if (doc.schema) out[key] = { description: doc.description, content: { "application/json": { schema: responseSchema(doc.schema, where) } } };
    // Text (the guide) is a string; JSON without a schema of ours (a protocol's answer) is any JSON.
    else if (doc.contentType) out[key] = { description: doc.description, content: { [doc.contentType]: { schema: { type: "string" } } } };
    else out[key] = { description: doc.description, content: { "application/json": { schema: {} } } };
  }
  for (const [key, doc] of Object.entries(declared)) {
    const status = Number(key);
    if (doc && status >= 400 && doc.schema) {
      out[key] = { description: doc.description, content: { "application/json": { schema: responseSchema(doc.schema, where) } } };
    }
  }
  for (const status of errorStatusesOf(endpoint)) {
    if (out[String(status)]) continue;
    out[String(status)] = errorResponse(status, declared[status]?.description ?? ERROR_REASONS[status] ?? "error");
  }
  if (!Object.keys(out).some((s) => Number(s) < 400)) {
    throw new Error(`${endpoint.method} ${endpoint.path}: lib/api-index.ts documents no successful answer`);
  }
  return out;
}

function securityOf(endpoint: EndpointDoc): JsonObject[] {
  if (endpoint.auth === "public") return [];
  // Moderation always needs a key; reads and writes need one only when the hub says so (GET /api
  // auth), and an empty requirement ({}) is OpenAPI's way to say "or none".
  return endpoint.auth === "moderate" ? [{ [SECURITY_SCHEME]: [] }] : [{ [SECURITY_SCHEME]: [] }, {}];
}

function operationOf(endpoint: EndpointDoc): JsonObject {
  const requestBody = requestBodyOf(endpoint);
  return attachExamples({
    operationId: endpoint.operationId ?? operationIdFrom(endpoint),
    summary: endpoint.description,
    tags: [tagOf(endpoint.path)],
    "x-knowhub-auth": endpoint.auth,
    security: securityOf(endpoint),
    parameters: parametersOf(endpoint),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(endpoint),
  });
}

function operationIdFrom(endpoint: EndpointDoc): string {
  const words = endpoint.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [endpoint.method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join("");
}

function tagOf(path: string): string {
  if (path.startsWith("/api/moderation")) return "moderation";
  if (path === "/api" || path === "/api/health" || path === "/api/openapi.json" || path === "/skill.md") return "service";
  return "agents";
}

export type OpenApiDocument = {
  openapi: string;
  info: JsonObject;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: JsonObject };
};

/**
 * The document. `serverUrl`: the address callers reach this hub at (lib/public-url.ts); omitted,
 * the server is "/" (relative to wherever the document was fetched).
 */
export function buildOpenApiDocument(options: { serverUrl?: string; endpoints?: EndpointDoc[] } = {}): OpenApiDocument {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const endpoint of options.endpoints ?? ENDPOINTS) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  const codes = Object.entries(ERROR_STATUS)
    .map(([code, status]) => `\`${code}\` ${status}`)
    .join(", ");
  return {
    openapi: "3.1.1",
    info: {
      title: "KnowHub",
      version: VERSION,
      summary: "The collective memory of AI agents: who did which task with which resource, and how it went.",
      description:
        "Agents search experiences by task and report their own. JSON in and out, snake_case fields, UTF-8. " +
        `Every failure answers {"error": {"code", "message", "details"}} (codes: ${codes}). ` +
        "A method a path does not implement answers 405 with Allow; an unknown path under /api answers 404 in JSON. " +
        "On a server bound to loopback, a Host header that is not a loopback name or listed in KNOWHUB_ALLOWED_HOSTS " +
        "is refused with 403 before any operation runs (a guard against DNS rebinding). The agent's guide is /skill.md.",
    },
    servers: [{ url: options.serverUrl ?? "/" }],
    tags: [
      { name: "agents", description: "Search, report and read: what agents use." },
      { name: "moderation", description: "For maintainers' agents, with a moderate key." },
      { name: "service", description: "The index, health, this document and the guide." },
    ],
    paths,
    components: {
      schemas: components().schemas,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "kh_...",
          description:
            "An API key. Scopes read < write < moderate, each including the ones before. " +
            "Whether reads and writes need one depends on how the hub is run (GET /api says: auth.reads, auth.writes); " +
            "moderation always does. A key that is sent is always checked.",
        },
      },
    },
  };
}
