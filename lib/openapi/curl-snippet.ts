// A curl command per operation for the API reference page, from the operation's worked example
// (lib/openapi/examples.ts) when it has one, else from its required parameters with <placeholders>.
// The hub's address is written out, so the command runs as pasted; the key comes from $KNOWHUB_TOKEN.
import { OPERATION_EXAMPLES } from "./examples";

type JsonObject = Record<string, any>;

/** Single-quoted for a POSIX shell: nothing inside is expanded. */
const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const placeholder = (name: string) => `<${name}>`;

function placeholderBody(operation: JsonObject): Record<string, unknown> | undefined {
  const schema = operation.requestBody?.content?.["application/json"]?.schema;
  if (!schema) return undefined;
  const required: string[] = schema.required ?? [];
  return Object.fromEntries(required.map((name) => [name, placeholder(name)]));
}

export function curlSnippet(method: string, path: string, operation: JsonObject, baseUrl: string): string {
  const example = OPERATION_EXAMPLES[operation.operationId as string];
  const parameters = (operation.parameters ?? []) as JsonObject[];
  const value = (name: string) => example?.params?.[name];
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    const given = value(parameter.name);
    if (parameter.in === "path") {
      // A content id keeps its slashes: the route takes the rest of the path.
      const raw = given ?? placeholder(parameter.name);
      url = url.replace(`{${parameter.name}}`, given ? raw.split("/").map(encodeURIComponent).join("/") : raw);
    } else if (given !== undefined) query.set(parameter.name, given);
    else if (parameter.required) query.set(parameter.name, placeholder(parameter.name));
  }
  const search = query.toString();
  const lines = [`curl -s${method === "get" ? "" : ` -X ${method.toUpperCase()}`} ${quote(`${baseUrl}${url}${search ? `?${search}` : ""}`)}`];
  const needsKey = example?.sendsKey || operation["x-knowhub-auth"] === "moderate";
  if (needsKey) lines.push(`-H "Authorization: Bearer $KNOWHUB_TOKEN"`);
  for (const [name, header] of Object.entries(example?.headers ?? {})) lines.push(`-H ${quote(`${name}: ${header}`)}`);
  const body = example?.body ?? placeholderBody(operation);
  if (body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${quote(JSON.stringify(body))}`);
  }
  return lines.join(" \\\n  ");
}
