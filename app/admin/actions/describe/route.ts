import { describeResource } from "@/lib/resources/describe-resource";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { describeForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(describeForm, Object.fromEntries(form), "description");
  await describeResource(input, session.actor);
  return { flash: "described" };
});
