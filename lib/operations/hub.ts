// A hub is where the operations run: this machine's database through lib/ (local-hub.ts), or a
// remote KnowHub over its REST API (remote-hub.ts). The MCP server and the CLI take either.
import type { ContentDto, ContentHistoryDto, SubmitContentResultDto } from "../contents/schema";
import type { CreateExperienceResult } from "../experiences/schema";
import type { CategoryDto, ResourceDto } from "../resources/schema";
import type { SearchResponseDto } from "../search/schema";
import type { VerdictResultDto } from "../verdicts/schema";
import type { ContentArguments, ResourceArguments, SearchArguments } from "./arguments";

export type Hub = {
  /** Where the data is, for people: a database file or an address. */
  location: string;
  /** Whether this caller may write (the MCP server lists the write tools only then). */
  mayWrite(): Promise<boolean>;
  /** Whether this caller writes with a key (the verdict tools, which count keys, are listed only then). */
  writesWithKey(): Promise<boolean>;
  search(args: SearchArguments): Promise<SearchResponseDto>;
  getResource(args: ResourceArguments): Promise<ResourceDto>;
  getContent(args: ContentArguments): Promise<ContentDto | ContentHistoryDto>;
  listCategories(): Promise<{ categories: CategoryDto[] }>;
  /** The body of POST /api/experience, unchecked: the hub checks it as that route does. */
  submitExperience(body: unknown): Promise<CreateExperienceResult>;
  /** The body of POST /api/content, unchecked. */
  submitContent(body: unknown): Promise<SubmitContentResultDto>;
  /** POST /api/experience/{id}/confirm with this body, unchecked: the hub checks it as that route does. */
  confirmExperience(id: number, body: unknown): Promise<VerdictResultDto>;
  /** POST /api/experience/{id}/flag with this body, unchecked. */
  flagExperience(id: number, body: unknown): Promise<VerdictResultDto>;
  /** The agent's guide (GET /skill.md). */
  readGuide(): Promise<string>;
};
