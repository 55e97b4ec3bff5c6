// The analyzed fields of a candidate as one string, built once per row and query: candidate
// selection and scoring both look words up in it. Every field is padded and a newline separates
// them, so ` form ` finds whole terms and phrases, and a phrase never matches across two fields
// (as in FTS5).
import type { CandidateRow } from "./repo";

const texts = new WeakMap<CandidateRow, string>();

export function rowText(row: CandidateRow): string {
  let text = texts.get(row);
  if (text === undefined) {
    text = ` ${row.sName} \n ${row.sTask} \n ${row.sTips} \n ${row.sOutcome} `;
    texts.set(row, text);
  }
  return text;
}
