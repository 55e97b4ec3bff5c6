import { describe, expect, it } from "vitest";
import { bindSql, normalizeRow } from "./db-sql";

describe("bindSql", () => {
  it("numbers @names for PostgreSQL, typing numbers and booleans, once per name", () => {
    expect(bindSql("postgres", "SELECT * FROM t WHERE a = @a AND b < @b AND (c = @c OR d = @c) AND e = @e LIMIT @n", { a: "x", b: 1.5, c: "y", e: true, n: 3 })).toEqual({
      text: "SELECT * FROM t WHERE a = $1 AND b < $2::float8 AND (c = $3 OR d = $3) AND e = $4::boolean LIMIT $5::int8",
      values: ["x", 1.5, "y", true, 3],
    });
  });
  it("uses ? for SQLite and writes NULL for null and undefined", () => {
    expect(bindSql("sqlite", "SELECT * FROM t WHERE x = @x AND y = @y", { x: null, y: 2 })).toEqual({
      text: "SELECT * FROM t WHERE x = NULL AND y = ?",
      values: [2],
    });
  });
  it("writes a named parameter's NULL test as TRUE or FALSE (PostgreSQL cannot type $1 IS NULL beside $1 = text)", () => {
    const sql = "WHERE (@a IS NULL OR a = @a) AND (@b is not null) AND (@c IS NULL OR c = @c)";
    expect(bindSql("postgres", sql, { a: "x", b: 1, c: null })).toEqual({ text: "WHERE (FALSE OR a = $1) AND (TRUE) AND (TRUE OR c = NULL)", values: ["x"] });
    expect(bindSql("sqlite", sql, { a: null, b: null, c: 2 })).toEqual({ text: "WHERE (TRUE OR a = NULL) AND (FALSE) AND (FALSE OR c = ?)", values: [2] });
  });
  it("expands arrays into lists, an empty one into NULL", () => {
    expect(bindSql("postgres", "WHERE id IN (@ids) AND k IN (@none)", { ids: [1, 2], none: [] }).text).toBe("WHERE id IN ($1::int8, $2::int8) AND k IN (NULL)");
    expect(bindSql("sqlite", "WHERE id IN (?) AND x = ?", [[1, 2], "a"])).toEqual({ text: "WHERE id IN (?, ?) AND x = ?", values: [1, 2, "a"] });
  });
  it("leaves quoted text and comments alone, and refuses unknown names and miscounts", () => {
    expect(bindSql("postgres", "SELECT '@a ?', \"@b\" -- @c ?\n, @a", { a: 1 }).text).toBe("SELECT '@a ?', \"@b\" -- @c ?\n, $1::int8");
    expect(() => bindSql("sqlite", "SELECT @missing", {})).toThrow(/@missing/);
    expect(() => bindSql("sqlite", "SELECT ?, ?", [1])).toThrow(/placeholders/);
    expect(() => bindSql("sqlite", "SELECT ?", [1, 2])).toThrow(/placeholders/);
  });
  it("writes dates as ISO text with an explicit offset", () => {
    expect(bindSql("sqlite", "SELECT ?", [new Date("2026-12-02T00:00:00Z")]).values).toEqual(["2026-12-02T00:00:00.000+00:00"]);
  });
});

describe("normalizeRow", () => {
  it("turns BigInt, Decimal-like and Date values into numbers and text", () => {
    const decimal = { toNumber: () => 2.5 };
    expect(normalizeRow({ n: 3n, d: decimal, t: new Date("2026-12-02T00:00:00Z"), s: "x", b: true, z: null })).toEqual({
      n: 3,
      d: 2.5,
      t: "2026-12-02T00:00:00.000+00:00",
      s: "x",
      b: true,
      z: null,
    });
  });
});
