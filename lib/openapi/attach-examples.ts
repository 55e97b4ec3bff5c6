// Puts an operation's worked example (lib/openapi/examples.ts) into its OpenAPI operation: each
// parameter's value, the request body and the recorded answer, as OpenAPI 3.1 `examples` maps.
import { EXAMPLE_ANSWERS, OPERATION_EXAMPLES } from "./examples";

type JsonObject = Record<string, any>;

export function attachExamples(operation: JsonObject): JsonObject {
  const example = OPERATION_EXAMPLES[operation.operationId as string];
  if (!example) return operation;
  const named = (value: unknown) => ({ default: { summary: example.summary, value } });
  for (const parameter of operation.parameters as JsonObject[]) {
    const value = example.params?.[parameter.name];
    if (value !== undefined) parameter.examples = named(value);
  }
  for (const name of Object.keys(example.params ?? {})) {
    if (!(operation.parameters as JsonObject[]).some((p) => p.name === name)) {
      throw new Error(`${operation.operationId}: its example sends parameter "${name}", which the operation does not take`);
    }
  }
  if (example.body !== undefined) {
    const media = operation.requestBody?.content?.["application/json"];
    if (!media) throw new Error(`${operation.operationId}: its example sends a body, which the operation does not take`);
    media.examples = named(example.body);
  }
  const answer = EXAMPLE_ANSWERS[operation.operationId as string];
  const response = operation.responses[String(example.status)];
  if (!response) throw new Error(`${operation.operationId}: its example answers ${example.status}, which the document does not list`);
  if (answer !== undefined) response.content["application/json"].examples = named(answer);
  return operation;
}
