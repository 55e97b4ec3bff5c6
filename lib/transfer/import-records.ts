// Streams JSONL into the database: lines are validated and analyzed in batches (on worker threads
// when asked), then written in one of two ways with identical results:
// - per batch: one write transaction per batch, the triggers maintaining the resource aggregates and
//   the search index. Other writers get turns between batches. SQLite: BEGIN IMMEDIATE and prepared
//   statements row by row on the raw connection (repo.ts); PostgreSQL: transaction() with multi-row
//   INSERTs through the data layer (repo-pg.ts).
// - bulk (large files, SQLite only): the whole import is one exclusive transaction in which the
//   per-row trigger is suspended and its effect applied set-wise at the end (see beginBulkImport):
//   about twice as fast to write, all or nothing, but API writes wait until it commits. PostgreSQL
//   has no bulk path: asked for one, it writes per batch and the summary says so (bulkFallback).
// Exact duplicates are skipped; invalid lines are rejected with their line number and reason and
// never stop the import. Every line is screened as an API submission is (a line with findings is
// stored pending, like the API's 202; a credential rejects the line), and a line's claimed key is
// kept only when this hub issued it (prepare-record.ts).
import { createReadStream, statSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { dbEngine, transaction } from "../db";
import { toDbTime } from "../db-time";
import { reanalyzeIfStale } from "../search/reanalyze";
import { optimizeSearchIndex } from "../search/repo";
import { createPreparer } from "./prepare-pool";
import type { ExperienceValues, Prepared, RecordKind } from "./prepare-record";
import { fillContentSkeletons } from "../contents/fill-content-skeletons";
import { fillContentSearch } from "../contents/index-content";
import { fillResourceSkeletons } from "../resources/fill-skeletons";
import { experienceMark, refreshResourceDisplaySince } from "../resources/refresh-resource-display";
import { beginBulkImport, checkpoint, createWriters, readIssuedKeys, runImmediate, tuneForBulkWrite, type RevisionOutcome } from "./repo";
import { insertExperiencesPg, writeRevisionPg } from "./repo-pg";
import { CONTENT_REVISION, EXPERIENCE } from "./record-format";

export type Counts = { added: number; skipped: number; rejected: number };

export type Rejection = { line: number; kind: RecordKind; reason: string };

export type ImportSummary = {
  lines: number;
  experiences: Counts;
  contentRevisions: Counts;
  unknown: Counts;
  /** Added lines that screening held for review (stored pending with their findings). */
  held: { experiences: number; contentRevisions: number };
  /** Lines whose claimed key this hub did not issue: stored without a key, as unverified. */
  unverifiedKeys: number;
  /** The first `maxRejections` rejections; the counts above are always complete. */
  rejections: Rejection[];
  optimized: boolean;
  /** Written as one bulk transaction rather than per batch. */
  bulk: boolean;
  /** Bulk was asked for, but the engine has none (PostgreSQL): written per batch instead. */
  bulkFallback: boolean;
  elapsedMs: number;
};

export type ImportProgress = { lines: number; bytes: number; totalBytes: number; summary: ImportSummary };

export type ImportOptions = {
  /** Lines per transaction. */
  batchSize?: number;
  /** Worker threads for validation and analysis; 0 prepares in-process. */
  workers?: number;
  /** Stands in for created_at on lines without one. */
  now?: Date;
  maxRejections?: number;
  /** Merge the FTS index afterwards; by default only when at least this many rows were added. */
  optimizeAfter?: number;
  /** One bulk transaction (see above; SQLite only). importFile decides by file size unless told. */
  bulk?: boolean;
  onProgress?: (progress: ImportProgress) => void;
};

const DEFAULT_BATCH = 2000;
const YIELD_BETWEEN_BATCHES_MS = 15;
const DEFAULT_OPTIMIZE_AFTER = 10_000;
// About 10,000 lines: below that the per-batch path is just as quick and never blocks API writers
// for long; above it the per-row trigger work dominates.
const BULK_AFTER_BYTES = 6 << 20;

export async function importFile(path: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const totalBytes = statSync(path).size;
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  const bulk = options.bulk ?? (dbEngine() === "sqlite" && totalBytes >= BULK_AFTER_BYTES);
  return importStream(stream, { ...options, bulk }, () => ({ bytes: stream.bytesRead, totalBytes }));
}

export async function importStream(
  input: Readable,
  options: ImportOptions = {},
  position: () => { bytes: number; totalBytes: number } = () => ({ bytes: 0, totalBytes: 0 }),
): Promise<ImportSummary> {
  const started = performance.now();
  const engine = dbEngine();
  // Imported rows are analyzed by today's analyzer: the rows already there must be too (and an
  // empty database records the version it is built with).
  await reanalyzeIfStale();
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const maxRejections = options.maxRejections ?? 1000;
  const summary: ImportSummary = {
    lines: 0,
    experiences: counts(),
    contentRevisions: counts(),
    unknown: counts(),
    held: { experiences: 0, contentRevisions: 0 },
    unverifiedKeys: 0,
    rejections: [],
    optimized: false,
    bulk: (options.bulk ?? false) && engine === "sqlite",
    bulkFallback: (options.bulk ?? false) && engine !== "sqlite",
    elapsedMs: 0,
  };
  const reject = (line: number, kind: RecordKind, reason: string) => {
    bucket(summary, kind).rejected++;
    if (summary.rejections.length < maxRejections) summary.rejections.push({ line, kind, reason });
  };

  // Rows above this id are the import's: their resources' shown url and category are refreshed at the end.
  const mark = await experienceMark();
  const workers = options.workers ?? 0;
  const preparer = createPreparer(workers, toDbTime(options.now ?? new Date()), await readIssuedKeys());
  let sink: Sink;
  try {
    sink = engine !== "sqlite" ? pgBatchSink() : summary.bulk ? bulkSink() : batchSink();
  } catch (error) {
    await preparer.close(); // e.g. another writer held the lock past the busy timeout
    throw error;
  }
  // One line's outcome into the summary (a rejected line has none: it was never written).
  const note = (record: Prepared, outcome: RevisionOutcome | boolean) => {
    if (record.kind === "rejected") reject(record.line, record.recordKind, record.reason);
    else if (record.kind === EXPERIENCE) {
      if (outcome === true) {
        summary.experiences.added++;
        if (record.held) summary.held.experiences++;
        if (record.unverifiedKey) summary.unverifiedKeys++;
      } else summary.experiences.skipped++;
    } else if (outcome === "added") {
      summary.contentRevisions.added++;
      if (record.held) summary.held.contentRevisions++;
      if (record.unverifiedKey) summary.unverifiedKeys++;
    } else if (outcome === "skipped") summary.contentRevisions.skipped++;
    else if (typeof outcome === "object") reject(record.line, CONTENT_REVISION, outcome.rejected);
  };

  // Enough batches in flight to keep every worker busy while the main thread writes.
  const maxInFlight = Math.max(1, workers * 2);
  const inFlight: Promise<Prepared[]>[] = [];
  const report = () => options.onProgress?.({ lines: summary.lines, ...position(), summary });
  const drainOne = async () => {
    await sink.write(await inFlight.shift()!, note);
    report();
    // Between SQLite batches the write lock is free for a moment, longer than a waiting server's
    // pause between tries (lib/db-sqlite.ts): agents' reports land during a long import instead
    // of timing out behind it. A bulk import holds the lock throughout by design.
    if (engine === "sqlite" && !summary.bulk) await new Promise((resolve) => setTimeout(resolve, YIELD_BETWEEN_BATCHES_MS));
  };

  let done = false;
  try {
    let lines: string[] = [];
    let firstLine = 1;
    const lineReader = createInterface({ input, crlfDelay: Infinity });
    for await (const text of lineReader) {
      summary.lines++;
      lines.push(text);
      if (lines.length < batchSize) continue;
      inFlight.push(preparer.prepare(lines, firstLine));
      firstLine += lines.length;
      lines = [];
      if (inFlight.length >= maxInFlight) await drainOne();
    }
    if (lines.length > 0) inFlight.push(preparer.prepare(lines, firstLine));
    while (inFlight.length > 0) await drainOne();
    sink.finish();
    done = true;
  } finally {
    // A failed batch must not leave other batches' promises unobserved.
    await Promise.allSettled(inFlight);
    await preparer.close();
    if (!done) sink.abort();
  }

  // FTS5 only: PostgreSQL's GIN index needs no merging by hand.
  if (engine === "sqlite" && summary.experiences.added >= (options.optimizeAfter ?? DEFAULT_OPTIMIZE_AFTER)) {
    optimizeSearchIndex();
    summary.optimized = true;
  }
  // Resources and content nodes created by the import's rows need their lookalike skeletons, as API writes get them.
  await fillResourceSkeletons();
  await fillContentSkeletons();
  // Content search reads the analyzed visible revisions: the import's nodes are indexed as API writes are.
  await fillContentSearch();
  // The import filled empty urls and categories first come (as the trigger does); what they show
  // follows the reporters, as after an API write: one set-wise statement for every touched resource.
  await refreshResourceDisplaySince(mark);
  checkpoint();
  summary.elapsedMs = performance.now() - started;
  return summary;
}

type Note = (record: Prepared, outcome: RevisionOutcome | boolean) => void;

type Sink = {
  /** Writes one batch, telling `note` each line's outcome in line order. */
  write(batch: Prepared[], note: Note): void | Promise<void>;
  finish(): void;
  abort(): void;
};

/** SQLite's writes, row by row on the raw connection (synchronous: a batch is one turn of the event loop). */
function sqliteSink(writers: ReturnType<typeof createWriters>, run: (work: () => void) => void): Sink["write"] {
  return (batch, note) =>
    run(() => {
      for (const record of batch) {
        if (record.kind === "rejected") note(record, false);
        else if (record.kind === EXPERIENCE) note(record, writers.experience(record.values));
        else note(record, writers.revision(record.row));
      }
    });
}

function batchSink(): Sink {
  const untune = tuneForBulkWrite();
  return { write: sqliteSink(createWriters(), (work) => runImmediate(work)), finish: untune, abort: untune };
}

function bulkSink(): Sink {
  const bulk = beginBulkImport();
  return { write: sqliteSink(createWriters(bulk.db), (work) => work()), finish: bulk.commit, abort: bulk.abort };
}

/**
 * PostgreSQL: one transaction() per batch; its experiences first (multi-row INSERTs, in line order),
 * then its revisions in line order (the two tables do not depend on each other). Outcomes are noted
 * after the commit, in line order, so the summary (rejections included) reads as SQLite's does.
 */
function pgBatchSink(): Sink {
  return {
    async write(batch, note) {
      const outcomes = await transaction(async () => {
        const experiences: ExperienceValues[] = [];
        for (const record of batch) if (record.kind === EXPERIENCE) experiences.push(record.values);
        const added = await insertExperiencesPg(experiences);
        let next = 0;
        const out: (RevisionOutcome | boolean)[] = [];
        for (const record of batch) {
          if (record.kind === "rejected") out.push(false);
          else if (record.kind === EXPERIENCE) out.push(added[next++]);
          else out.push(await writeRevisionPg(record.row));
        }
        return out;
      });
      batch.forEach((record, i) => note(record, outcomes[i]));
    },
    finish: () => undefined,
    abort: () => undefined,
  };
}

function counts(): Counts {
  return { added: 0, skipped: 0, rejected: 0 };
}

function bucket(summary: ImportSummary, kind: RecordKind): Counts {
  return kind === EXPERIENCE ? summary.experiences : kind === CONTENT_REVISION ? summary.contentRevisions : summary.unknown;
}
