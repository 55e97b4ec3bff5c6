// The search generation on PostgreSQL kept in memory from LISTEN/NOTIFY (#19, #20), one listening
// connection per index (migration 20261215000000_generation_notify). search-index-pg.ts's.
import pg, { type Pool } from "pg";
import { readCountSetting } from "../count-setting";
import { finishedWriteCount } from "../db";

export const GENERATION_SQL = /* sql */ `SELECT value FROM search_meta WHERE key = 'generation'`;

export const LISTEN_TUNING = {
  /** The channel search_generation_bump() notifies with the new generation (20261215000000_generation_notify). */
  channel: "knowhub_search_generation",
  /** After a lost or refused listening connection, searches read the generation until a retry this much later succeeds. */
  retryMs: 1_000,
  /**
   * The generation is read again at least this often even while listening: a notification that was
   * lost without the connection failing (a pooler that does not keep sessions, say) delays what other
   * servers wrote by at most this (#20 asks for a second).
   */
  maxAgeMs: 1_000,
} as const;

/** KNOWHUB_PG_LISTEN=0: read the generation on every search (behind a pooler in transaction mode, where LISTEN does not hold). */
function listenSetting(): boolean {
  return readCountSetting("KNOWHUB_PG_LISTEN", 1) !== 0;
}

/** The generation as a number, to keep the newest of two (a read and a notification may cross). */
export function generationNumber(value: string): bigint {
  return /^\d+$/.test(value) ? BigInt(value) : -1n;
}

/**
 * The generation without a round trip per search (#19, #20): one connection per index LISTENs on
 * the channel the generation trigger NOTIFYs at commit, so another server's write reaches this cache
 * within milliseconds. This process's own writes do not wait for their notification: when
 * finishedWriteCount() moved since the last read, the next search reads the generation (and every
 * maxAgeMs anyway). While the listening connection is down (a restart, a pooler, refused), every
 * search reads it as before, and the connection is tried again every retryMs.
 */
export function generationWatch(pool: Pool, read: () => Promise<string>, maxAgeMs: number) {
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let live = false;
  let retryAt = 0;
  let value = -1n;
  let text = "";
  let readAt = 0;
  let writesSeen = -1;
  let refreshing: Promise<unknown> | null = null;
  const adopt = (v: string) => {
    const n = generationNumber(v);
    if (n > value || text === "") [value, text] = [n, v];
  };
  const lose = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    live = false;
    retryAt = Date.now() + LISTEN_TUNING.retryMs;
    c.end().catch(() => undefined);
  };
  const listen = async () => {
    const c = new pg.Client({ ...pool.options, application_name: "knowhub-search-listen", keepAlive: true });
    client = c;
    c.on("error", () => lose(c));
    c.on("end", () => lose(c));
    c.on("notification", (m) => {
      if (m.channel === LISTEN_TUNING.channel && m.payload) adopt(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${LISTEN_TUNING.channel}`);
      // Listening first, then the value: a write committed in between is in one or the other.
      const writes = finishedWriteCount();
      const { rows } = await c.query<{ value: string }>(GENERATION_SQL);
      adopt(rows[0]?.value ?? "");
      if (client !== c) return;
      // From now on the connection only waits for notifications, which must not keep a process
      // alive (a CLI command exits when its work is done); while a query of ours was under way it had to.
      (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      [writesSeen, readAt, live] = [writes, Date.now(), true];
    } catch {
      lose(c);
    }
  };
  const readNow = async () => {
    const writes = finishedWriteCount();
    const now = Date.now();
    const v = await read();
    if (!live) return v;
    adopt(v);
    [writesSeen, readAt] = [writes, now];
    return text;
  };
  return {
    async generation(): Promise<string> {
      if (pool.ending || !listenSetting()) {
        if (client) lose(client);
        return read();
      }
      if (!live) {
        if (!client && !connecting && Date.now() >= retryAt) {
          connecting = listen().finally(() => (connecting = null));
          await connecting;
        }
        if (!live) return read();
      }
      if (finishedWriteCount() !== writesSeen) return readNow();
      // The safety net's read runs beside the searches, not in front of one.
      if (Date.now() - readAt > maxAgeMs && !refreshing) {
        refreshing = readNow().then(
          () => (refreshing = null),
          () => (refreshing = null),
        );
      }
      return text;
    },
    /** Whether the generation comes from notifications now (tests), after any connection attempt under way. */
    async listening(): Promise<boolean> {
      await connecting;
      return live;
    },
    /** Ends the listening connection (the pool's owner closes the index with the pool). */
    close(): void {
      if (client) lose(client);
      retryAt = Infinity;
    },
  };
}
