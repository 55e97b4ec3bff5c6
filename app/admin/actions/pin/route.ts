import { pinResource } from "@/lib/resources/pin-resource";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { pinForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(pinForm, Object.fromEntries(form), "pin");
  await pinResource(input, session.actor);
  return { flash: "pinned" };
});
