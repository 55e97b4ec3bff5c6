import { mergeResources } from "@/lib/resources/merge-resources";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { mergeForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(mergeForm, Object.fromEntries(form), "merge");
  await mergeResources(input, session.actor);
  return { flash: "merged" };
});
