// One decision. From an item page the maintainer goes on to the next pending item of the queue
// they came from (its filters and order ride in queue_* fields), or back to that queue when none
// is left; from a queue row (then=queue) back to the queue, the flash naming the decided item; from a
// public page (then=back) back to that page, which says what was done.
import { adminItemHref, adminQueueHref } from "@/components/admin-paths";
import { decideThenFindNext } from "@/lib/moderation/decide-then-next";
import { parseInput } from "@/lib/validation";
import { adminAction, field } from "../../_lib/action";
import { decisionForm, formRecord, queueForm } from "../../_lib/forms";
import { QUEUE_PARAMS } from "../../_lib/queue-query";

export const POST = adminAction(async ({ form, session }) => {
  const record = formRecord(form);
  const input = parseInput(decisionForm, record, "decision");
  const queue = parseInput(queueForm, record, "queue");
  const { result, next } = await decideThenFindNext(input, queue, session.actor);
  const decided = { item: `${result.type}:${String(result.id)}` };
  if (field(form, "then") === "back") return { flash: result.action };
  if (field(form, "then") === "queue") return { flash: result.action, params: decided };
  const carried = Object.fromEntries(QUEUE_PARAMS.map((name) => [name, field(form, `queue_${name}`) || undefined]));
  return next
    ? { back: adminItemHref(next, carried), flash: result.action, params: decided }
    : { back: adminQueueHref(carried), flash: result.action, params: { ...decided, empty: "1" } };
});
