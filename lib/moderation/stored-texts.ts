// Every text a write stores and shows, by the field name it was sent under: what screening reads.
// One place for the API, MCP, the CLI and import, so that no path screens fewer fields than another
// (names, URLs, categories, ids and the submitter's claim are shown to agents as much as tips are).
import type { SubmitContentInput } from "../contents/schema";
import type { CreateExperienceInput } from "../experiences/schema";

type ExperienceText = Pick<CreateExperienceInput, "name" | "url" | "category" | "task" | "outcome" | "tips" | "content_id" | "submitted_by" | "version">;
type RevisionText = Pick<SubmitContentInput, "id" | "title" | "body" | "submitted_by">;

export function experienceTexts(input: ExperienceText): Record<string, string> {
  return {
    name: input.name,
    url: input.url,
    category: input.category,
    task: input.task,
    outcome: input.outcome,
    tips: input.tips,
    content_id: input.content_id,
    submitted_by: input.submitted_by,
    version: input.version,
  };
}

export function revisionTexts(input: RevisionText): Record<string, string> {
  return { id: input.id, title: input.title, body: input.body, submitted_by: input.submitted_by };
}
