import { describe, expect, it } from "vitest";
import { extractContentMentions, MAX_MENTIONS_PER_TEXT, mentionsContent } from "./content-mentions";

describe("extractContentMentions", () => {
  it("reads path ids and content URLs, without sentence punctuation", () => {
    expect(extractContentMentions("See pymupdf/find-tables. Also https://hub.example/content/pymupdf/ocr?x=1 and /api/content/a/b/.")).toEqual([
      "pymupdf/find-tables",
      "pymupdf/ocr",
      "a/b",
    ]);
  });

  it("decodes a URL's segments and takes a one-segment id only from a URL", () => {
    expect(extractContentMentions("http://h/content/zephyrine/%E4%B8%AD%E6%96%87 and zephyrine alone, /content/root")).toEqual(["zephyrine/中文", "root"]);
  });

  it("skips paths that are no content id: absolute paths, files with hidden segments, double slashes", () => {
    expect(extractContentMentions("/usr/lib/python3 a//b x/.git ../up and 50% off")).toEqual([]);
  });

  it("reads at most MAX_MENTIONS_PER_TEXT ids", () => {
    const text = Array.from({ length: 30 }, (_, i) => `r/p${i}`).join(" ");
    expect(extractContentMentions(text)).toHaveLength(MAX_MENTIONS_PER_TEXT);
  });
});

describe("mentionsContent", () => {
  it("matches the id as a whole, never a longer or a deeper one, case kept", () => {
    expect(mentionsContent("read guide/a/one first", "guide/a/one")).toBe(true);
    expect(mentionsContent("read guide/a/one-more", "guide/a/one")).toBe(false);
    expect(mentionsContent("read guide/a/one/deep", "guide/a/one")).toBe(false);
    expect(mentionsContent("read x/guide/a/one", "guide/a/one")).toBe(false);
    expect(mentionsContent("read Guide/A/One", "guide/a/one")).toBe(false);
  });
});
