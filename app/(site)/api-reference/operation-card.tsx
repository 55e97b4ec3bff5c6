// One operation of the OpenAPI document as a card (parameters, body, answers, a curl command and the
// recorded answer), and the tables and type links the schema cards of the page share with it.
import { CodeBlock, InlineCode } from "@/components/code";
import { Card, linkClass } from "@/components/ui";
import { curlSnippet } from "@/lib/openapi/curl-snippet";
import { fieldRows, schemaRefs, schemaType, type FieldRow } from "@/lib/openapi/describe-schema";

export type Operation = Record<string, any>;

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-teal-100 text-teal-900 dark:bg-teal-900/60 dark:text-teal-100",
  POST: "bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-100",
};

const AUTH_TEXT: Record<string, string> = {
  public: "no key",
  read: "read key when the hub requires keys for reads",
  write: "write key when the hub requires keys for writes",
  moderate: "moderate key, always",
};

export const anchor = (method: string, path: string) => `op-${method}-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}`.toLowerCase();
export const schemaAnchor = (name: string) => `schema-${name}`;

export function TypeText({ type, refs }: { type: string; refs: string[] }) {
  // Links each component name in the type to its schema below.
  if (refs.length === 0) return <code className="wrap-anywhere">{type}</code>;
  const pattern = new RegExp(`\\b(${refs.join("|")})\\b`, "g");
  const parts = type.split(pattern);
  return (
    <code className="wrap-anywhere">
      {parts.map((part, i) =>
        refs.includes(part) ? (
          <a key={i} href={`#${schemaAnchor(part)}`} className={linkClass}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </code>
  );
}

export function FieldTable({ caption, rows, showIn }: { caption: string; rows: (FieldRow & { in?: string })[]; showIn?: boolean }) {
  return (
    // On a phone the table scrolls sideways: focusable and named, so a keyboard can scroll it too.
    <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-teal-600" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-stone-600 dark:text-stone-400">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">Name</th>
            {showIn ? <th scope="col" className="py-1.5 pr-3 font-medium">In</th> : null}
            <th scope="col" className="py-1.5 pr-3 font-medium">Type</th>
            <th scope="col" className="py-1.5 font-medium">Description</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 align-top dark:divide-stone-800">
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}${row.name}`}>
              <td className="py-1.5 pr-3">
                <code className="font-semibold">{row.name}</code>
                {row.required ? <span className="ml-1 text-xs text-amber-800 dark:text-amber-300">required</span> : null}
              </td>
              {showIn ? <td className="py-1.5 pr-3">{row.in}</td> : null}
              <td className="py-1.5 pr-3">
                <TypeText type={row.type} refs={row.refs} />
              </td>
              <td className="py-1.5 text-stone-700 dark:text-stone-300">
                <InlineCode text={row.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OperationCard({ method, path, operation, baseUrl }: { method: string; path: string; operation: Operation; baseUrl: string }) {
  const parameters: (FieldRow & { in: string })[] = (operation.parameters ?? []).map((p: Operation) => ({
    name: p.name,
    in: p.in,
    type: schemaType(p.schema),
    refs: schemaRefs(p.schema),
    required: Boolean(p.required),
    description: p.description ?? "",
  }));
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const bodyRows = fieldRows(body);
  const responses = Object.entries(operation.responses as Record<string, Operation>);
  const upper = method.toUpperCase();
  const exampleAnswer = exampleAnswerOf(operation);
  return (
    <Card>
      <h3 id={anchor(method, path)} className="flex flex-wrap items-baseline gap-2 scroll-mt-4">
        <span className={`rounded px-2 py-0.5 font-mono text-sm font-semibold ${METHOD_COLOURS[upper] ?? ""}`}>{upper}</span>
        <code className="text-base font-semibold wrap-anywhere">{path}</code>
      </h3>
      <p className="mt-2">
        <InlineCode text={operation.summary} />
      </p>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">Key: {AUTH_TEXT[operation["x-knowhub-auth"]] ?? operation["x-knowhub-auth"]}</p>
      {parameters.length ? (
        <div className="mt-4">
          <h4 className="mb-1 font-medium">Parameters</h4>
          <FieldTable caption={`Parameters of ${upper} ${path}`} rows={parameters} showIn />
        </div>
      ) : null}
      {operation.requestBody ? (
        <div className="mt-4">
          <h4 className="mb-1 font-medium">Request body (JSON)</h4>
          {bodyRows.length ? (
            <FieldTable caption={`Request body of ${upper} ${path}`} rows={bodyRows} />
          ) : (
            <p className="text-sm">{operation.requestBody.description ?? "any JSON"}</p>
          )}
        </div>
      ) : null}
      <div className="mt-4">
        <h4 className="mb-1 font-medium">Answers</h4>
        <ul className="space-y-1 text-sm">
          {responses.map(([status, response]) => {
            const [mediaType, media] = Object.entries((response.content ?? {}) as Record<string, Operation>)[0] ?? [];
            const schema = media?.schema;
            const shown = schema?.allOf ? schema.allOf[0] : schema;
            return (
              <li key={status} className="flex flex-wrap gap-x-2">
                <code className="font-semibold">{status}</code>
                <span className="text-stone-700 dark:text-stone-300">
                  <InlineCode text={response.description} />
                </span>
                {shown && Object.keys(shown).length ? (
                  <span>
                    <TypeText type={schemaType(shown)} refs={schemaRefs(shown)} />
                  </span>
                ) : mediaType ? (
                  <code>{mediaType}</code>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="mt-4">
        <h4 className="mb-1 font-medium">Example</h4>
        <CodeBlock code={curlSnippet(method, path, operation, baseUrl)} label={`curl for ${upper} ${path}`} testId={`curl-${operation.operationId}`} />
        {exampleAnswer ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer">
              Its answer ({exampleAnswer.status}, recorded on a fresh hub)
            </summary>
            <div className="mt-2">
              <CodeBlock code={JSON.stringify(exampleAnswer.value, null, 2)} label={`Example answer of ${upper} ${path}`} />
            </div>
          </details>
        ) : null}
      </div>
    </Card>
  );
}

/** The recorded answer of the operation's example, when the document carries one. */
function exampleAnswerOf(operation: Operation): { status: string; value: unknown } | null {
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Operation>)) {
    const example = response.content?.["application/json"]?.examples?.default;
    if (example) return { status, value: example.value };
  }
  return null;
}
