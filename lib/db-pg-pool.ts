// PostgreSQL's connection pool for lib/db-pg.ts: pg's Pool and Client, with one addition: every
// failure of the connection itself carries a code, so that lib/db-errors.ts can tell it by code
// (503 with Retry-After) rather than let it through as a 500. pg reports these without any code,
// only with message text: a pool that has no free connection within its wait ("timeout exceeded
// when trying to connect"), a connection that cannot be made in time, a server that goes away under
// a query ("Connection terminated unexpectedly") and a client used after that ("... is not
// queryable"). They get the SQLSTATE a client reports for them (class 08, connection exception,
// as JDBC drivers do; 53300, too_many_connections, for a pool with every connection in use):
// - 08001: a new connection could not be opened (unreachable), told by the client that tried;
// - 08006: a query failed because its connection was lost (unreachable);
// - 53300: any other failure of the pool's connect(), which is its wait for a free connection
//   running out with every one in use (busy).
// A failure that already has a code (ECONNREFUSED, a server's SQLSTATE) keeps it.
import pg from "pg";

type Coded = { code?: unknown };

function hasCode(error: unknown): boolean {
  return Boolean(error && typeof error === "object" && (error as Coded).code);
}

function withCode<E>(error: E, code: string): E {
  if (error && typeof error === "object" && !hasCode(error)) (error as Coded).code = code;
  return error;
}

type Callback = (error: Error | null | undefined, ...rest: unknown[]) => void;

/** A client that remembers losing its connection, and codes the failures that loss causes. */
class CodedClient extends pg.Client {
  private lost = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg emits these synchronously, before it fails the queries in flight (on the next tick). An
    // 'error' is the connection's own failure: it gets its code here, before the pool's listener
    // hands the same error to a pool.query() in flight.
    this.on("error", (error: unknown) => {
      this.lost = true;
      withCode(error, "08006");
    });
    this.on("end", () => {
      this.lost = true;
    });
  }

  private coded = (error: unknown) => (this.lost ? withCode(error, "08006") : error);

  /** A statement run once on each new connection before it is handed out (CodedPool's sessionSql). */
  protected sessionSql(): string | null {
    return null;
  }

  // Both forms pg's connect() takes: (callback) and the promise. The session statement runs before
  // the connection is handed out: sent from the pool's "connect" event instead, it would overlap the
  // first query (pg deprecates that, and warns on stderr).
  override connect(...args: any[]): any {
    const [callback] = args as [Callback | undefined];
    const connect = super.connect as (...a: unknown[]) => Promise<unknown> | void;
    const setup = this.sessionSql();
    const opened = new Promise<void>((resolve, reject) => {
      // The callback form: it returns nothing (the promise form would report the failure twice).
      void connect.call(this, (error: Error | null | undefined) => {
        if (error) return reject(withCode(error, "08001"));
        if (!setup) return resolve();
        (super.query as (...a: unknown[]) => Promise<unknown>).call(this, setup).then(() => resolve(), (failure: unknown) => reject(withCode(failure, "08001")));
      });
    });
    if (callback) {
      opened.then(() => callback(null), (error: Error) => callback(error));
      return undefined;
    }
    return opened;
  }

  // Every form pg's query() takes: (text|config[, values][, callback]) or a Submittable, which
  // reports its own errors and is passed through.
  override query(...args: any[]): any {
    const [config] = args;
    if (config && typeof config.submit === "function") return (super.query as (...a: unknown[]) => unknown)(...args);
    const at = typeof args[2] === "function" ? 2 : typeof args[1] === "function" ? 1 : -1;
    if (at >= 0) {
      const callback = args[at] as Callback;
      args[at] = (error: Error | null | undefined, ...rest: unknown[]) => callback(error ? (this.coded(error) as Error) : error, ...rest);
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    return ((super.query as (...a: unknown[]) => Promise<unknown>)(...args)).catch((error: unknown) => {
      throw this.coded(error);
    });
  }
}

/** pg.Pool of CodedClients whose connect() failures carry a code (above). */
export class CodedPool extends pg.Pool {
  /** `sessionSql`: run on each new connection before its first use (a session default). */
  constructor(config: pg.PoolConfig, sessionSql: string | null = null) {
    const Client = sessionSql
      ? class extends CodedClient {
          protected override sessionSql() {
            return sessionSql;
          }
        }
      : CodedClient;
    super({ ...config, Client });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    // A connection that did not open failed in its client, which coded it (pg-pool wraps a timed-out
    // one in an error of its own, with the client's as its cause); what is left is the pool's wait.
    const coded = (error: Error) => (hasCode(error) || hasCode(error.cause) ? error : withCode(error, "53300"));
    if (callback) {
      super.connect((error, client, done) => callback(error ? coded(error) : error, client, done));
      return;
    }
    return super.connect().catch((error: Error) => {
      throw coded(error);
    });
  }
}
