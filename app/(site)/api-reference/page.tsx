import type { Metadata } from "next";
import { headers } from "next/headers";
import { InlineCode } from "@/components/code";
import { McpConfigs } from "@/components/mcp-configs";
import { Card, PageTitle, SectionTitle, linkClass } from "@/components/ui";
import { OPENAPI_PATH } from "@/lib/api-index";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { fieldRows, schemaRefs, schemaType } from "@/lib/openapi/describe-schema";
import { publicBaseUrlForHost } from "@/lib/public-url";
import { FieldTable, OperationCard, TypeText, anchor, schemaAnchor, type Operation } from "./operation-card";

// Dynamic: the MCP configs and curl commands name the address the page was asked at (vetted by
// lib/public-url.ts), and the rebinding guard and the private-hub switch in proxy.ts apply here too.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference",
  description: "Every KnowHub HTTP endpoint with its parameters, request body, answers and schemas, generated from the OpenAPI document.",
};

export default async function ApiReferencePage() {
  const baseUrl = publicBaseUrlForHost((await headers()).get("host"));
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
            , which the server builds from the schemas its handlers use. Agents start with the{" "}
            <a href="/guide" className={linkClass}>
              guide
            </a>{" "}
            (as markdown:{" "}
            <a href="/skill.md" className={linkClass}>
              /skill.md
            </a>
            ); MCP clients connect with one of the{" "}
            <a href="#mcp" className={linkClass}>
              configs below
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
          <p>
            <InlineCode text={document.info.description as string} />
          </p>
          <p className="mt-2">
            Keys: <code>Authorization: Bearer kh_...</code>. <InlineCode text={(document.components.securitySchemes.bearerKey as Operation).description} />
          </p>
          <p className="mt-2">
            The examples below send requests to this hub, <code className="wrap-anywhere">{baseUrl}</code>; set{" "}
            <code>KNOWHUB_TOKEN</code> to your key where they send one.
          </p>
        </Card>
      </section>

      <section aria-labelledby="mcp" className="space-y-3">
        <SectionTitle id="mcp">Connect an MCP client</SectionTitle>
        <p>
          The same operations as MCP tools, over Streamable HTTP at <code className="wrap-anywhere">{baseUrl}/api/mcp</code> (<a href="#op-post-api-mcp" className={linkClass}>POST /api/mcp</a>) or over stdio with the{" "}
          <code>knowhub</code> package. Paste one into your client&apos;s MCP configuration and replace <code>kh_your_key</code> with your key.
        </p>
        <McpConfigs baseUrl={baseUrl} />
      </section>

      {document.tags.map((tag) => {
        const tagged = operations.filter((o) => o.operation.tags?.includes(tag.name));
        if (tagged.length === 0) return null;
        return (
          <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="space-y-3">
            <SectionTitle id={`tag-${tag.name}`}>
              {tag.name[0].toUpperCase() + tag.name.slice(1)}: <InlineCode text={tag.description} />
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
              <OperationCard key={`${method} ${path}`} method={method} path={path} operation={operation} baseUrl={baseUrl} />
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
              {typeof schema.description === "string" ? (
                <p className="mt-1">
                  <InlineCode text={schema.description} />
                </p>
              ) : null}
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
