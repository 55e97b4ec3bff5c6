// Near-duplicate reports (issue #21): a report that says what a published report of the same
// resource already says (a paraphrase, the same words with typos or filler, a translation between
// English and Chinese) should confirm that one rather than add a copy. Each report carries a MinHash
// signature of its analyzed task and of its analyzed tips (the terms search indexes: stemmed,
// Chinese segmented), each term first mapped to its concept in the bilingual lexicon so that
// "表格" and "tables" meet. Pure TypeScript and deterministic: the signature is computed once when a
// report is written and stored, so both engines compare the same numbers.
import { createHash } from "node:crypto";
import { ANALYZER_VERSION } from "./analyze";
import { expandTerms } from "./lexicon";
import lexiconData from "./lexicon.json";
import { NEAR_DUPLICATE_CONFIG, type NearDuplicateConfig } from "./near-duplicate-config";

/**
 * A bottom-k MinHash sketch of one field's term set: the k smallest 32-bit hashes of its distinct
 * terms, ascending. A field with fewer than k distinct terms (almost every task, most tips) keeps all
 * of them, and the similarity of two such fields is their exact Jaccard index; only longer texts
 * are estimated. Measured against k independent permutations with 16-bit values: same size or
 * smaller for the short texts agents write, and no estimation noise where the threshold sits
 * (npm run bench:near-dup).
 */
export type FieldSignature = Uint32Array;
export type NearSignature = { task: FieldSignature; tips: FieldSignature };
/**
 * The analyzed terms of a text as stored in experiences.search_* (indexText's output) or as
 * analyze() returns them, mapped to one form per lexicon concept: among a term and the one-word
 * forms of the concepts it belongs to, the smallest. Both sides of a translation map to the same.
 */
export function canonicalTerms(terms: string[], config: NearDuplicateConfig = NEAR_DUPLICATE_CONFIG): string[] {
  if (!config.lexicon) return terms;
  const expansions = expandTerms(terms);
  return terms.map((term, i) => {
    let best = term;
    for (const form of expansions[i]) if (!form.includes(" ") && form < best) best = form;
    return best;
  });
}

// FNV-1a over UTF-16 code units, then murmur3's finalizer over it xor the seed: cheap, well mixed and
// the same everywhere.
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The bottom-k sketch of a set of terms (order and repetition do not matter). */
export function minHash(terms: Iterable<string>, config: NearDuplicateConfig = NEAR_DUPLICATE_CONFIG): FieldSignature {
  const hashes = new Set<number>();
  for (const term of new Set(terms)) hashes.add(fmix(fnv1a(term) ^ config.seed));
  return Uint32Array.from(hashes).sort().slice(0, config.permutations);
}

/**
 * Estimated Jaccard similarity of two fields' term sets (exact when both kept every term): among the
 * k smallest hashes of the union, the share that both sketches hold. Two empty fields are the same.
 */
export function fieldSimilarity(a: FieldSignature, b: FieldSignature, k = NEAR_DUPLICATE_CONFIG.permutations): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  // Past the end of a sketch that was cut at k, nothing is known: the union's walk stops there.
  const aEnd = a.length < k ? Infinity : a[a.length - 1];
  const bEnd = b.length < k ? Infinity : b[b.length - 1];
  let i = 0, j = 0, union = 0, both = 0;
  while (union < k && (i < a.length || j < b.length)) {
    const x = i < a.length ? a[i] : Infinity;
    const y = j < b.length ? b[j] : Infinity;
    const v = Math.min(x, y);
    if (v > aEnd || v > bEnd) break;
    union++;
    if (x === y) { both++; i++; j++; }
    else if (x < y) i++;
    else j++;
  }
  return union === 0 ? 0 : both / union;
}

/** How nearly two reports say the same: both the task and the tips must match. */
export function similarity(a: NearSignature, b: NearSignature): number {
  return Math.min(fieldSimilarity(a.task, b.task), fieldSimilarity(a.tips, b.tips));
}

/** The signature of a report from its analyzed task and tips (space-joined terms, experiences.search_*). */
export function nearSignature(searchTask: string, searchTips: string, config: NearDuplicateConfig = NEAR_DUPLICATE_CONFIG): NearSignature {
  const terms = (text: string) => canonicalTerms(text.split(" ").filter(Boolean), config);
  return { task: minHash(terms(searchTask), config), tips: minHash(terms(searchTips), config) };
}

let versionCache: string | null = null;
/**
 * What a stored signature was computed with: this config, the analyzer and the lexicon's content.
 * A stored signature of another version is not compared but recomputed from the stored terms.
 */
export function signatureVersion(): string {
  if (!versionCache) {
    const lexicon = createHash("sha256").update(JSON.stringify(lexiconData)).digest("hex").slice(0, 8);
    const c = NEAR_DUPLICATE_CONFIG;
    versionCache = `${c.version}.${ANALYZER_VERSION}.${c.permutations}.${c.seed}.${c.lexicon ? lexicon : "nolex"}`;
  }
  return versionCache;
}

function toBase64(sig: FieldSignature): string {
  const bytes = Buffer.alloc(sig.length * 4);
  for (let i = 0; i < sig.length; i++) bytes.writeUInt32LE(sig[i], i * 4);
  return bytes.toString("base64");
}
function fromBase64(text: string): FieldSignature {
  const bytes = Buffer.from(text, "base64");
  const out = new Uint32Array(bytes.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readUInt32LE(i * 4);
  return out;
}

/** The stored form (experiences.near_signature): "version:task:tips", base64 of little-endian 32-bit hashes. */
export function encodeSignature(sig: NearSignature): string {
  return `${signatureVersion()}:${toBase64(sig.task)}:${toBase64(sig.tips)}`;
}

/** The signature stored in `text`, or null when it is empty or of another version (recompute it). */
export function decodeSignature(text: string): NearSignature | null {
  const parts = text.split(":");
  if (parts.length !== 3 || parts[0] !== signatureVersion()) return null;
  return { task: fromBase64(parts[1]), tips: fromBase64(parts[2]) };
}

/** The stored signature column of a report, from its analyzed task and tips. */
export function nearSignatureColumn(searchTask: string, searchTips: string): string {
  return encodeSignature(nearSignature(searchTask, searchTips));
}
