// The task verdict in one sentence, as the CLI, MCP text and the search page say it: "worked for 12
// agents on this task, last confirmed in May 2026". N counts distinct agents: the reporters of the
// matching reports and the keys that confirmed them, each once.
import type { TaskVerdictDto } from "./schema";

const OUTCOME = { worked: "worked for", mixed: "mixed results from", failed: "failed for" } as const;

export function verdictSentence(v: Pick<TaskVerdictDto, "outcome" | "agent_count" | "last_confirmed"> & { reporter_count: number }): string {
  // An older hub's answer (KNOWHUB_API) has no agent count: its reporters are who is known.
  const agents = v.agent_count ?? v.reporter_count;
  const head = `${OUTCOME[v.outcome]} ${agents} agent${agents === 1 ? "" : "s"} on this task`;
  if (!v.last_confirmed) return head;
  const when = new Date(v.last_confirmed).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return `${head}, last confirmed in ${when}`;
}
