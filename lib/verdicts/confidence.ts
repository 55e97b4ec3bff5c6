// How much to trust one report, from distinct keys' verdicts. Why a Wilson lower bound: a report
// with 2 confirmations out of 2 and one with 40 of 41 both have a success share near 1, but the
// first has far less evidence; the lower end of the 95% interval ranks that difference, is defined
// for a single observation (the report alone: 0.207) and needs no prior chosen per hub (a Bayesian
// mean would need one, and would not fall with a lone negative the way a bound does).
import { VERDICT_TUNING } from "./verdicts-config";

/**
 * Lower bound of the Wilson score interval for `positive` successes out of `total` observations
 * (both may be fractional: flags are weighted). 0 when there is no observation.
 */
export function wilsonLowerBound(positive: number, total: number, z: number = VERDICT_TUNING.confidence.z): number {
  if (total <= 0) return 0;
  const p = positive / total;
  const z2 = z * z;
  const centre = p + z2 / (2 * total);
  const margin = z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  return Math.max(0, (centre - margin) / (1 + z2 / total));
}

/**
 * A report's confidence: the report itself and each distinct key's confirmation are positives;
 * each flag against it (incorrect, unsafe, spam) is a negative weighing its flagger's reliability.
 */
export function experienceConfidence(confirmations: number, negativeWeight: number): number {
  const positive = VERDICT_TUNING.confidence.reportWeight + confirmations;
  return wilsonLowerBound(positive, positive + negativeWeight);
}

/** The confidence of a report nobody has confirmed or flagged: ranking's neutral point. */
export const BASE_CONFIDENCE = experienceConfidence(0, 0);

/**
 * A flagger's weight from its decided flags (unsafe and spam flags a maintainer upheld or dismissed):
 * (upheld + prior) / (decided + prior), at most 1. New keys weigh 1.
 */
export function keyReliability(upheld: number, decided: number): number {
  const { prior } = VERDICT_TUNING.reliability;
  return Math.min(1, (upheld + prior) / (decided + prior));
}

/** The upheld share the console shows: upheld / decided, or null while none was decided. */
export function upheldShare(upheld: number, decided: number): number | null {
  return decided > 0 ? upheld / decided : null;
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
