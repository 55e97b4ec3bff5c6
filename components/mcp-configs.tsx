// The paste-ready MCP client configurations (lib/mcp-client-configs.ts) for the hub's address.
import { configText, mcpClientConfigs } from "@/lib/mcp-client-configs";
import { CodeBlock, InlineCode } from "./code";
import { Card } from "./ui";

export function McpConfigs({ baseUrl }: { baseUrl: string }) {
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      {mcpClientConfigs(baseUrl).map((config) => (
        <Card key={config.id} className="min-w-0">
          <h3 id={`mcp-${config.id}`} className="font-semibold scroll-mt-4">
            {config.title}
          </h3>
          <p className="mt-1 mb-2 text-sm text-stone-700 dark:text-stone-300">
            <InlineCode text={config.use} />
          </p>
          <CodeBlock code={configText(config)} label={`MCP config: ${config.title}`} testId={`mcp-config-${config.id}`} />
        </Card>
      ))}
    </div>
  );
}
