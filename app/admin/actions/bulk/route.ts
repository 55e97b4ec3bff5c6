// Bulk reject or hide (never approve: the schema has no such action).
import { bulkDecide } from "@/lib/moderation/bulk-decide";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { bulkForm, formRecord } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(bulkForm, formRecord(form, ["item"]), "bulk decision");
  const result = await bulkDecide(input, session.actor);
  return result.changed === 0 ? { flash: "bulk-none" } : { flash: input.action === "reject" ? "bulk-reject" : "bulk-hide", n: result.changed };
});
