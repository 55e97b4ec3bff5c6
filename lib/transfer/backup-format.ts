// The backup file (docs/architecture.md, Backups): JSON lines, not the agent-facing export.
//
//   {"format":"knowhub-backup","version":1,"engine":...,"migration":...,"createdAt":...,"knowhub":...,
//    "tables":{"api_keys":9,...},"sequences":{"experiences":1234,...}}       the header
//   {"table":"api_keys","columns":["id","label",...]}                        each table, in BACKUP_TABLES order
//   ["key_...","ci","write","<sha256>",false,"2026-...Z",null,null]          its rows, in primary-key order
//   ...
//   {"end":"knowhub-backup","rows":N,"sha256":"..."}                         the trailer
//
// The trailer's sha256 covers every byte before it, so a truncated, cut or edited file is refused
// before anything is written; the header's counts must match the rows that follow. Values are in one
// form whatever the engine stored: times ISO 8601 in UTC with milliseconds, booleans as booleans,
// numbers as numbers, SQL NULL as null; so two backups of the same rows are the same lines, from
// either engine.
import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { DomainError } from "../errors";
import type { Engine } from "../db-sql";
import { BACKUP_TABLES, type BackupTable, type ColumnKind } from "./backup-tables";

export const BACKUP_FORMAT = "knowhub-backup";
/**
 * The format this code writes and the newest it reads. A new column or table is a new version, and
 * every older one stays readable: its tables and columns are those with a `since` at most its
 * version (backup-tables.ts), and its rows are widened with the newer columns' fill values, so a
 * backup taken before an upgrade restores after it. Format 2: verdicts, near-duplicate signatures,
 * learning from use (#21). Format 3: resources' maintainer-written description (#22). Format 4: the demand logs' client ids
 * (who searched or asked, for insights that count people: #22).
 */
export const BACKUP_VERSION = 4;

/** The tables a file of `version` holds, in order. */
export function tablesOfVersion(version: number): BackupTable[] {
  return BACKUP_TABLES.filter((t) => (t.since ?? 1) <= version);
}

/** A table's columns as a file of `version` writes them. */
function columnsOfVersion(table: BackupTable, version: number): BackupTable["columns"] {
  return table.columns.filter((c) => (c[2]?.since ?? 1) <= version);
}

/** A row of a file of `version`, widened to every column this code has (newer ones get their fill). */
function widenRow(table: BackupTable, version: number, row: unknown[]): unknown[] {
  if (columnsOfVersion(table, version).length === table.columns.length) return row;
  let i = 0;
  return table.columns.map((c) => ((c[2]?.since ?? 1) <= version ? row[i++] : c[2]!.fill));
}

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  engine: Engine;
  /** The source's last applied migration (each engine has its own folder: for people, not checked). */
  migration: string;
  createdAt: string;
  /** The KnowHub version that wrote it. */
  knowhub: string;
  /** Rows per table, in file order. */
  tables: Record<string, number>;
  /** The last id each sequence handed out (>= the largest id in the file). */
  sequences: Record<string, number>;
};

export type BackupTrailer = { end: typeof BACKUP_FORMAT; rows: number; sha256: string };

/** Header fields that differ between two backups of the same rows: when, from where, by what. */
export const HEADER_CIRCUMSTANCES = ["engine", "migration", "createdAt", "knowhub"] as const;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A time as stored by either engine (a Date from pg; text or epoch milliseconds on SQLite) in the file's form. */
export function isoTime(value: unknown): string {
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === "number" || typeof value === "bigint") date = new Date(Number(value));
  else {
    const text = String(value);
    // SQLite's CURRENT_TIMESTAMP default: UTC, written without a zone (Date would read it as local time).
    date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text);
  }
  if (Number.isNaN(date.getTime())) throw new Error(`not a time: ${String(value)}`);
  return date.toISOString();
}

/** One stored value in the file's form. */
export function lineValue(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "time":
      return isoTime(value);
    case "bool":
      return value === true || value === 1 || value === "1" || value === "t" || value === "true" || value === 1n;
    case "int":
    case "float":
      return Number(value);
    case "text":
      return String(value);
  }
}

/** A stored row (columns in the table's order) as the file's line. */
export function rowLine(table: BackupTable, row: readonly unknown[]): unknown[] {
  return table.columns.map(([, kind], i) => lineValue(kind, row[i]));
}

function valid(kind: ColumnKind, value: unknown): boolean {
  if (value === null) return true;
  switch (kind) {
    case "time":
      return typeof value === "string" && ISO_TIME.test(value);
    case "bool":
      return typeof value === "boolean";
    case "int":
      return Number.isSafeInteger(value);
    case "float":
      return typeof value === "number" && Number.isFinite(value);
    case "text":
      return typeof value === "string";
  }
}

/** A backup the reader refuses: bad input, and nothing was written. */
function refused(file: string, message: string, details: Record<string, unknown> = {}): DomainError {
  return new DomainError("invalid_input", `${file} is not a usable backup: ${message}; nothing was written`, { file, ...details });
}

export type BackupReadHandlers = {
  /** The header, once checked (the version is one this code reads). */
  onHeader?: (header: BackupHeader) => void | Promise<void>;
  /** Each row, already checked against its table's columns and kinds. */
  onRow?: (table: BackupTable, row: unknown[]) => void | Promise<void>;
  /** A table's rows are done. */
  onTableEnd?: (table: BackupTable) => void | Promise<void>;
};

/**
 * Reads and checks a whole backup: the header (format, version), every table in order with the
 * columns this version has, every row's arity and kinds, the counts, and the trailer's checksum over
 * everything before it. Throws invalid_input at the first problem, naming the line. With handlers,
 * they see each part as it is read; a caller that writes as it reads must also treat a throw after
 * its writes began (a file changed between two reads) as a reason to roll back.
 */
export async function readBackup(file: string, handlers: BackupReadHandlers = {}): Promise<{ header: BackupHeader; rows: number }> {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  const hash: Hash = createHash("sha256");
  let header: BackupHeader | null = null;
  let trailer: BackupTrailer | null = null;
  let tableAt = -1;
  // The file's tables (its version's) and where each of this code's tables stands among them.
  let fileTables: BackupTable[] = BACKUP_TABLES.slice();
  let nextOfAll = 0;
  let table: BackupTable | null = null;
  let fileColumns: BackupTable["columns"] = [];
  let inTable = 0;
  let rows = 0;
  let lineNo = 0;
  const closeTable = async () => {
    if (!table || !header) return;
    if (inTable !== header.tables[table.name]) {
      throw refused(file, `table ${table.name} has ${inTable} rows, its header says ${header.tables[table.name]} (line ${lineNo})`);
    }
    await handlers.onTableEnd?.(table);
  };
  // Tables newer than the file come and go empty, in this code's order (a restore handles each).
  const skipNewerTables = async (upTo: BackupTable | null) => {
    for (; nextOfAll < BACKUP_TABLES.length && BACKUP_TABLES[nextOfAll] !== upTo; nextOfAll++) {
      if (!fileTables.includes(BACKUP_TABLES[nextOfAll])) await handlers.onTableEnd?.(BACKUP_TABLES[nextOfAll]);
    }
    if (upTo) nextOfAll++;
  };
  try {
    for await (const line of lines) {
      lineNo++;
      if (trailer) throw refused(file, `line ${lineNo} follows the trailer`);
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw refused(file, lineNo === 1 ? "its first line is not a backup header" : `line ${lineNo} is not JSON (a cut or damaged file)`, { line: lineNo });
      }
      if (lineNo === 1) {
        header = checkHeader(file, value);
        fileTables = tablesOfVersion(header.version);
        await handlers.onHeader?.(header);
        hash.update(`${line}\n`);
        continue;
      }
      if (Array.isArray(value)) {
        if (!table) throw refused(file, `line ${lineNo} is a row before any table`, { line: lineNo });
        if (value.length !== fileColumns.length || !fileColumns.every(([, kind], i) => valid(kind, value[i]))) {
          throw refused(file, `line ${lineNo} is not a row of ${table.name} (${fileColumns.map(([name, kind]) => `${name}: ${kind}`).join(", ")})`, { line: lineNo });
        }
        inTable++;
        rows++;
        hash.update(`${line}\n`);
        await handlers.onRow?.(table, widenRow(table, header!.version, value));
        continue;
      }
      const record = (value ?? {}) as Record<string, unknown>;
      if (typeof record.table === "string") {
        await closeTable();
        tableAt++;
        table = fileTables[tableAt] ?? null;
        if (!table || record.table !== table.name) {
          throw refused(file, `line ${lineNo} starts table ${record.table}, expected ${table?.name ?? "the trailer"}`, { line: lineNo });
        }
        await skipNewerTables(table);
        fileColumns = columnsOfVersion(table, header!.version);
        const expected = fileColumns.map(([name]) => name);
        if (JSON.stringify(record.columns) !== JSON.stringify(expected)) {
          throw refused(file, `table ${table.name} has columns ${JSON.stringify(record.columns)}, format ${header!.version} has ${JSON.stringify(expected)}`, { line: lineNo });
        }
        inTable = 0;
        hash.update(`${line}\n`);
        continue;
      }
      if (record.end === BACKUP_FORMAT) {
        await closeTable();
        if (tableAt !== fileTables.length - 1) throw refused(file, `the trailer comes after ${tableAt + 1} of ${fileTables.length} tables`);
        await skipNewerTables(null);
        trailer = record as BackupTrailer;
        const sha256 = hash.digest("hex");
        if (trailer.rows !== rows || trailer.sha256 !== sha256) throw refused(file, "its checksum does not match its contents (a damaged or edited file)");
        continue;
      }
      throw refused(file, `line ${lineNo} is neither a row, a table nor the trailer`, { line: lineNo });
    }
  } finally {
    lines.close();
  }
  if (!header) throw refused(file, "it is empty");
  if (!trailer) throw refused(file, `it ends at line ${lineNo} without its trailer (a truncated file: the backup did not finish or the copy was cut)`);
  return { header, rows };
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const header = (value ?? {}) as Partial<BackupHeader>;
  if (header.format !== BACKUP_FORMAT) {
    throw refused(file, `its first line is not a ${BACKUP_FORMAT} header${(value as { type?: unknown })?.type ? " (an export? `knowhub import` reads those)" : ""}`);
  }
  if (!Number.isInteger(header.version) || (header.version as number) < 1) throw refused(file, `its format version ${JSON.stringify(header.version)} is not one`);
  if ((header.version as number) > BACKUP_VERSION) {
    throw refused(file, `it is format ${header.version}, written by a newer KnowHub (${header.knowhub ?? "unknown"}); this one reads format ${BACKUP_VERSION} (upgrade KnowHub to restore it)`, {
      version: header.version,
    });
  }
  if (header.engine !== "sqlite" && header.engine !== "postgres") throw refused(file, `its header names no engine it was taken on`);
  const tables = { ...(header.tables ?? {}) };
  const sequences = { ...(header.sequences ?? {}) };
  const version = header.version as number;
  for (const table of BACKUP_TABLES) {
    // A table newer than the file: none of its rows, no id handed out.
    if ((table.since ?? 1) > version) {
      tables[table.name] = 0;
      if (table.sequence) sequences[table.name] = 0;
      continue;
    }
    if (!Number.isSafeInteger(tables[table.name]) || tables[table.name] < 0) throw refused(file, `its header has no row count for ${table.name}`);
    if (table.sequence && (!Number.isSafeInteger(sequences[table.name]) || sequences[table.name] < 0)) throw refused(file, `its header has no sequence for ${table.name}`);
  }
  return { ...header, tables, sequences } as BackupHeader;
}

/** The header line, the trailer line. */
export function headerLine(header: BackupHeader): string {
  return JSON.stringify(header);
}

export function trailerLine(rows: number, sha256: string): string {
  return JSON.stringify({ end: BACKUP_FORMAT, rows, sha256 } satisfies BackupTrailer);
}

export function tableLine(table: BackupTable): string {
  return JSON.stringify({ table: table.name, columns: table.columns.map(([name]) => name) });
}

/**
 * Whether two backups hold the same rows: every line equal, apart from the header's circumstances
 * (engine, migration level, time, version) and so the trailer's checksum. The first difference, or null.
 */
export async function compareBackups(a: string, b: string): Promise<string | null> {
  const open = (file: string) => createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const left = open(a);
  const right = open(b);
  const comparable = (line: string, lineNo: number): string => {
    if (lineNo !== 1 && !line.startsWith(`{"end":`)) return line;
    const record = JSON.parse(line) as Record<string, unknown>;
    for (const field of [...HEADER_CIRCUMSTANCES, "sha256"]) delete record[field];
    return JSON.stringify(record);
  };
  try {
    for (let lineNo = 1; ; lineNo++) {
      const [x, y] = await Promise.all([left.next(), right.next()]);
      if (x.done && y.done) return null;
      if (x.done || y.done) return `line ${lineNo}: ${x.done ? a : b} ends first`;
      if (comparable(x.value, lineNo) !== comparable(y.value, lineNo)) return `line ${lineNo} differs:\n  ${x.value.slice(0, 300)}\n  ${y.value.slice(0, 300)}`;
    }
  } finally {
    await Promise.all([left.return?.(), right.return?.()]);
  }
}
