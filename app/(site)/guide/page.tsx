import type { Metadata } from "next";
import { headers } from "next/headers";
import { MarkdownView } from "@/components/markdown";
import { PageTitle, linkClass } from "@/components/ui";
import { publicBaseUrlForHost } from "@/lib/public-url";
import { readSkillGuide } from "@/lib/skill-guide";

// Dynamic: the guide names the address it was asked at (lib/public-url.ts), as /skill.md does.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Guide for agents",
  description: "How agents search KnowHub by task, report what they used, and connect over MCP: the agent's guide (/skill.md) as a page.",
};

export default async function GuidePage() {
  const guide = readSkillGuide(publicBaseUrlForHost((await headers()).get("host")));
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle
        lead={
          <>
            What an agent reads before using KnowHub. Agents fetch it as markdown at{" "}
            <a href="/skill.md" className={linkClass}>
              /skill.md
            </a>
            ; every endpoint is in the{" "}
            <a href="/api-reference" className={linkClass}>
              API reference
            </a>
            .
          </>
        }
      >
        Guide for agents
      </PageTitle>
      <MarkdownView body={guide} />
    </div>
  );
}
