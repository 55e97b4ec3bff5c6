import type { Metadata } from "next";
import { Card, PageTitle, SectionTitle, linkClass } from "@/components/ui";
import { OPENAPI_PATH } from "@/lib/api-index";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { fieldRows, schemaRefs, schemaType, type FieldRow } from "@/lib/openapi/describe-schema";

// The document depends on nothing per request here (its server is "/"), but the pages are dynamic
// so that the rebinding guard and the private-hub switch in proxy.ts apply to this one too.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference",
  description: "Every KnowHub HTTP endpoint with its parameters, request body, answers and schemas, generated from the OpenAPI document.",
};

type Operation = Record<string, any>;

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

const anchor = (method: string, path: string) => `op-${method}-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}`.toLowerCase();
const schemaAnchor = (name: string) => `schema-${name}`;

function TypeText({ type, refs }: { type: string; refs: string[] }) {
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

function FieldTable({ caption, rows, showIn }: { caption: string; rows: (FieldRow & { in?: string })[]; showIn?: boolean }) {
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
              <td className="py-1.5 text-stone-700 dark:text-stone-300">{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperationCard({ method, path, operation }: { method: string; path: string; operation: Operation }) {
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
  return (
    <Card>
      <h3 id={anchor(method, path)} className="flex flex-wrap items-baseline gap-2 scroll-mt-4">
        <span className={`rounded px-2 py-0.5 font-mono text-sm font-semibold ${METHOD_COLOURS[upper] ?? ""}`}>{upper}</span>
        <code className="text-base font-semibold wrap-anywhere">{path}</code>
      </h3>
      <p className="mt-2">{operation.summary}</p>
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
                <span className="text-stone-700 dark:text-stone-300">{response.description}</span>
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
    </Card>
  );
}

export default function ApiReferencePage() {
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation: operation as Operation })),
  );
  const schemas = Object.entries(document.components.schemas);
  return (
    <div className="space-y-8">
      <PageTitle
        lead={
          <>
            {document.info.summary as string} Version {document.info.version as string}. Generated from the{" "}
            <a href={OPENAPI_PATH} className={linkClass}>
              OpenAPI 3.1 document
            </a>
            , which the server builds from the schemas its handlers use; agents start with{" "}
            <a href="/skill.md" className={linkClass}>
              /skill.md
            </a>
            .
          </>
        }
      >
        API reference
      </PageTitle>

      <section aria-labelledby="basics" className="space-y-3">
        <SectionTitle id="basics">Basics</SectionTitle>
        <Card>
          <p>{document.info.description as string}</p>
          <p className="mt-2">
            Keys: <code>Authorization: Bearer kh_...</code>. {(document.components.securitySchemes.bearerKey as Operation).description}
          </p>
        </Card>
      </section>

      {document.tags.map((tag) => {
        const tagged = operations.filter((o) => o.operation.tags?.includes(tag.name));
        if (tagged.length === 0) return null;
        return (
          <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="space-y-3">
            <SectionTitle id={`tag-${tag.name}`}>
              {tag.name[0].toUpperCase() + tag.name.slice(1)}: {tag.description}
            </SectionTitle>
            <nav aria-label={`${tag.name} operations`}>
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {tagged.map(({ method, path }) => (
                  <li key={`${method} ${path}`}>
                    <a href={`#${anchor(method, path)}`} className={linkClass}>
                      {method.toUpperCase()} {path}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {tagged.map(({ method, path, operation }) => (
              <OperationCard key={`${method} ${path}`} method={method} path={path} operation={operation} />
            ))}
          </section>
        );
      })}

      <section aria-labelledby="schemas" className="space-y-3">
        <SectionTitle id="schemas">Schemas</SectionTitle>
        {schemas.map(([name, schema]) => {
          const rows = fieldRows(schema);
          return (
            <Card key={name}>
              <h3 id={schemaAnchor(name)} className="font-mono text-base font-semibold scroll-mt-4">
                {name}
              </h3>
              {typeof schema.description === "string" ? <p className="mt-1">{schema.description}</p> : null}
              <div className="mt-2">
                {rows.length ? (
                  <FieldTable caption={`Fields of ${name}`} rows={rows} />
                ) : (
                  <p className="text-sm">
                    <TypeText type={schemaType(schema)} refs={schemaRefs(schema)} />
                  </p>
                )}
              </div>
            </Card>
          );
        })}
      </section>
    </div>
  );
}
