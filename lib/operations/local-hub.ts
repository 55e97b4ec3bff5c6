// The hub on this machine's database: the same lib functions, admission (keys, modes, rate
// limits), screening and provenance as the REST routes, in the same order (admit, parse, act).
import { admitRequest } from "../auth/admit-request";
import type { Caller } from "../auth/authorize-request";
import { getContent, getContentHistory } from "../contents/get-content";
import { getContentInput, submitContentInput } from "../contents/schema";
import { describeDatabase } from "../db";
import { isDomainError } from "../errors";
import { createExperienceInput } from "../experiences/schema";
import type { KeyScope } from "../keys/schema";
import type { RateAction } from "../limits/limits-config";
import { reportExperience } from "../moderation/report-experience";
import { submitContentForReview } from "../moderation/submit-content-for-review";
import { submitConfirm, submitFlag } from "../moderation/submit-verdict";
import { listCategories } from "../resources/list-categories";
import { getResourceInput } from "../resources/schema";
import { getResourceForTask } from "../search/get-resource-for-task";
import { searchInput } from "../search/schema";
import { searchExperiences } from "../search/search-experiences";
import { readSkillGuide } from "../skill-guide";
import { parseInput } from "../validation";
import { confirmInput, flagInput } from "../verdicts/schema";
import { operationQuery } from "./arguments";
import type { Hub } from "./hub";

/** Who is calling and whether they may: admitRequest over one request's headers. */
export type Admit = (need: KeyScope, action: RateAction | null) => Promise<Caller>;

export function admitFrom(request: Request): Admit {
  return (need, action) => admitRequest(request, need, action);
}

/**
 * A shell's caller (the CLI, stdio MCP): the token, when given, is sent as a bearer key would be,
 * so the hub's mode and the key's scope apply as over HTTP and the writes carry its provenance.
 */
export function admitToken(token: string | undefined): Admit {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return admitFrom(new Request("http://localhost/", { headers }));
}

/** `baseUrl`: the address the guide names (the request's, over /api/mcp); the local default otherwise. */
export function localHub(admit: Admit, baseUrl?: string): Hub {
  return {
    location: describeDatabase(),
    async mayWrite() {
      try {
        await admit("write", null);
        return true;
      } catch (error) {
        if (isDomainError(error) && (error.code === "unauthorized" || error.code === "forbidden")) return false;
        throw error;
      }
    },
    async writesWithKey() {
      try {
        return (await admit("write", null)).key !== null;
      } catch (error) {
        if (isDomainError(error) && (error.code === "unauthorized" || error.code === "forbidden")) return false;
        throw error;
      }
    },
    async search(args) {
      const caller = await admit("read", "search");
      const input = parseInput(searchInput, operationQuery(args, ""), "search");
      return searchExperiences(input, caller.key?.id ?? "");
    },
    async getResource(args) {
      await admit("read", "search");
      return getResourceForTask(parseInput(getResourceInput, { ...operationQuery(args, "name"), name: args.name }, "resource request"));
    },
    async getContent(args) {
      await admit("read", "search");
      const input = parseInput(getContentInput, { ...operationQuery(args, "id"), id: args.id }, "content request");
      return input.history ? await getContentHistory(input.id) : await getContent(input.id, input.revision);
    },
    async listCategories() {
      await admit("read", null);
      return listCategories();
    },
    async submitExperience(body) {
      const caller = await admit("write", "write");
      return reportExperience(parseInput(createExperienceInput, body, "experience"), caller);
    },
    async submitContent(body) {
      const caller = await admit("write", "write");
      return submitContentForReview(parseInput(submitContentInput, body, "content"), caller);
    },
    async confirmExperience(id, body) {
      const caller = await admit("write", "write");
      return submitConfirm(id, parseInput(confirmInput, body, "confirm"), caller);
    },
    async flagExperience(id, body) {
      const caller = await admit("write", "write");
      return submitFlag(id, parseInput(flagInput, body, "flag"), caller);
    },
    async readGuide() {
      return readSkillGuide(baseUrl);
    },
  };
}
