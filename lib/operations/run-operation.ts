import { parseInput } from "../validation";
import { categoriesArguments, contentArguments, resourceArguments, searchArguments, verdictCall } from "./arguments";
import type { Hub } from "./hub";
import type { OperationName } from "./operations";

/** Runs one operation with JSON arguments; the answer is the REST endpoint's JSON body. */
export async function runOperation(hub: Hub, name: OperationName, args: unknown): Promise<unknown> {
  const given = args ?? {};
  switch (name) {
    case "search":
      return hub.search(parseInput(searchArguments, given, "search"));
    case "resource":
      return hub.getResource(parseInput(resourceArguments, given, "resource request"));
    case "content":
      return hub.getContent(parseInput(contentArguments, given, "content request"));
    case "categories":
      parseInput(categoriesArguments, given, "categories request");
      return hub.listCategories();
    case "submit_experience":
      return hub.submitExperience(given);
    case "submit_content":
      return hub.submitContent(given);
    case "confirm_experience": {
      const { id, body } = verdictCall(given, "confirm");
      return hub.confirmExperience(id, body);
    }
    case "flag_experience": {
      const { id, body } = verdictCall(given, "flag");
      return hub.flagExperience(id, body);
    }
  }
}
