// When learning runs: shortly after a write that cited a search has committed, in a timer task of
// its own (never inside the request), once per burst of such writes. While a cited search is not yet
// in the log, or the database is locked, the step is tried again later. Nothing is lost when a step
// never runs: the next one judges every cited write since the last judged one (run-learning.ts).
import { dbUnavailableCause } from "../db-errors";
import { LEARNING_TUNING } from "./learning-config";
import { runLearning } from "./run-learning";

type ScheduleState = { timer: NodeJS.Timeout | null; running: boolean; again: boolean };

// On globalThis: Next bundles route modules separately, and they must share one timer.
const holder = globalThis as unknown as { knowhubLearning?: ScheduleState };
holder.knowhubLearning ??= { timer: null, running: false, again: false };
const state = holder.knowhubLearning;

/** Runs a learning step soon (after `delayMs`), unless one is already due. */
export function scheduleLearning(delayMs: number = LEARNING_TUNING.runAfterMs): void {
  if (state.running) {
    state.again = true;
    return;
  }
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    state.running = true;
    void runLearning(new Date(), { waitMs: 0 })
      .then((result) => {
        if (result.pending > 0) state.again = true;
      })
      .catch((error) => {
        // Locked by another writer: later. Anything else is logged; the next cited write tries again.
        if (dbUnavailableCause(error) === "busy") state.again = true;
        else console.error("learning from searches failed", error);
      })
      .finally(() => {
        state.running = false;
        if (state.again) {
          state.again = false;
          scheduleLearning(LEARNING_TUNING.graceMs / 4);
        }
      });
  }, delayMs);
  state.timer.unref?.();
}
