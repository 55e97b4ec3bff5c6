import { describe, expect, it } from "vitest";
import { z } from "zod";
import { freeTextProblem, hygienic, nameTextProblem, normalizeLineEnds } from "./hygiene";

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

describe("nameTextProblem", () => {
  it("accepts ordinary names in any script", () => {
    for (const name of ["PyMuPDF", "pdf-plumber 2.0", "结巴分词", "Ｐｙ", "café", "naïve résumé", "ÆØÅ", "Ἀθῆναι", "עברית", "عربي", "🤖 bot"]) {
      expect(nameTextProblem(name), name).toBeNull();
    }
  });

  const invisible = [
    0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0x00ad,
    0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x061c, 0x180e,
    0x034f, 0xfe0f, 0x3164, 0xe0041, 0x2028, 0x2029,
  ];
  it.each(invisible.map((c) => [hex(c), c]))("refuses %s, saying which and where", (_label, c) => {
    const problem = nameTextProblem(`py${String.fromCodePoint(c)}mupdf`);
    expect(problem).toContain(hex(c));
    expect(problem).toContain("position 3");
  });

  it("refuses every C0 and C1 control and DEL, tab and newline included", () => {
    const controls = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)];
    for (const c of controls) expect(nameTextProblem(`a${String.fromCharCode(c)}b`), hex(c)).toContain(hex(c));
  });

  it("names the kind of character in the message", () => {
    expect(nameTextProblem("a\u202eb")).toContain("bidirectional control");
    expect(nameTextProblem("a\u200bb")).toContain("zero-width");
    expect(nameTextProblem("a\u00adb")).toContain("soft hyphen");
    expect(nameTextProblem("a\u0000b")).toContain("NUL");
    expect(nameTextProblem("a\u0085b")).toContain("C1 control");
  });

  it("refuses lone surrogates but not pairs", () => {
    expect(nameTextProblem("a\ud800b")).toContain("lone surrogate U+D800");
    expect(nameTextProblem("a\udfffb")).toContain("lone surrogate U+DFFF");
    expect(nameTextProblem("a😀b")).toBeNull();
  });
});

describe("freeTextProblem", () => {
  it("accepts tab, newline, emoji sequences with ZWJ, RTL marks and any script", () => {
    for (const text of ["a\tb\nc", "👩‍💻 works, 👨‍👩‍👧 too", "中文：提取表格。", "שלום\u200f", "x\u2028y", "ok\u00ad"]) {
      expect(freeTextProblem(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("refuses NUL, ANSI escapes, other C0 controls, DEL and C1 (8-bit CSI)", () => {
    expect(freeTextProblem("a\u0000b")).toContain("U+0000 (NUL)");
    expect(freeTextProblem("\u001b[31mred")).toContain("U+001B");
    expect(freeTextProblem("a\u0007")).toContain("U+0007");
    expect(freeTextProblem("a\u007f")).toContain("U+007F");
    expect(freeTextProblem("\u009b31m")).toContain("U+009B");
    expect(freeTextProblem("a\u0085")).toContain("U+0085");
  });

  it("refuses a lone CR, while CRLF becomes LF first", () => {
    expect(freeTextProblem("a\rb")).toContain("carriage return");
    expect(normalizeLineEnds("a\r\nb\r\n")).toBe("a\nb\n");
    expect(freeTextProblem(normalizeLineEnds("a\r\nb"))).toBeNull();
    expect(freeTextProblem(normalizeLineEnds("a\r\r\nb"))).toContain("carriage return");
  });

  it("refuses lone surrogates", () => {
    expect(freeTextProblem("task \ud83d")).toContain("lone surrogate");
  });
});

describe("hygienic (zod)", () => {
  it("normalizes free text's line ends and names the field on failure", () => {
    const free = z.string().transform(hygienic("free", "tips"));
    expect(free.parse("a\r\nb")).toBe("a\nb");
    const failed = free.safeParse("a\u0000");
    expect(failed.success).toBe(false);
    expect(failed.error!.issues[0].message).toMatch(/^tips must not contain/);
  });

  it("stops the chain: later transforms never see refused text", () => {
    let seen = 0;
    const name = z
      .string()
      .transform(hygienic("name", "name"))
      .transform((s) => (seen++, s.trim()));
    expect(name.safeParse("a\u200bb").success).toBe(false);
    expect(seen).toBe(0);
    expect(name.parse("a\r\nb".replace(/\r\n/, " "))).toBe("a b");
  });
});
