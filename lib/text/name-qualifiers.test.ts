import { describe, expect, it } from "vitest";
import { stripQualifier } from "./name-qualifiers";

describe("stripQualifier", () => {
  it("takes off a trailing bracketed note or qualifier word, after a separator", () => {
    expect(stripQualifier("VoteTarget (fork)")).toEqual({ base: "VoteTarget", qualifier: "(fork)" });
    expect(stripQualifier("VoteTarget [mirror]")).toEqual({ base: "VoteTarget", qualifier: "[mirror]" });
    expect(stripQualifier("VoteTarget {unofficial}")).toEqual({ base: "VoteTarget", qualifier: "{unofficial}" });
    expect(stripQualifier("VoteTarget (by someone else)")).toEqual({ base: "VoteTarget", qualifier: "(by someone else)" });
    expect(stripQualifier("VoteTarget fork")).toEqual({ base: "VoteTarget", qualifier: "fork" });
    expect(stripQualifier("VoteTarget-fork")).toEqual({ base: "VoteTarget", qualifier: "fork" });
    expect(stripQualifier("VoteTarget_Mirror")).toEqual({ base: "VoteTarget", qualifier: "Mirror" });
    expect(stripQualifier("VoteTarget.OFFICIAL")).toEqual({ base: "VoteTarget", qualifier: "OFFICIAL" });
    expect(stripQualifier("find-tables-fork")).toEqual({ base: "find-tables", qualifier: "fork" });
  });

  it("takes off a few in a row, and reads full-width brackets as brackets (NFKC)", () => {
    expect(stripQualifier("VoteTarget (fork) mirror")).toEqual({ base: "VoteTarget", qualifier: "(fork) mirror" });
    expect(stripQualifier("VoteTarget（fork）")).toEqual({ base: "VoteTarget", qualifier: "(fork)" });
  });

  it("leaves distinct names alone: glued words, other words, versions, a qualifier alone", () => {
    for (const name of ["pdfplumber", "pdf-tools", "VoteTarget2", "boto3", "python-2", "VoteTarget Tools", "forklift", "fork", "(fork)", "mirror-maker"]) {
      expect(stripQualifier(name), name).toBeNull();
    }
  });
});
