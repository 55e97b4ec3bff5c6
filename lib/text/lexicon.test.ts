// The lexicon's forms as the index sees them: a phrase that analysis would cut down to one everyday
// word must not make that word a form of the phrase's concept.
import { describe, expect, it } from "vitest";
import { analyzeTerms } from "./analyze";
import { expandTerms } from "./lexicon";

const expand = (text: string) => expandTerms(analyzeTerms(text).map((t) => t.term)).flatMap((s) => [...s]);

describe("lexicon expansion", () => {
  it("expands a word to its concept's other forms, across languages", () => {
    expect(expand("tables")).toEqual(expect.arrayContaining(["表格", "tabular"]));
    expect(expand("异步")).toEqual(expect.arrayContaining(["async", "asynchron"]));
  });

  it("ignores phrases that analysis cuts to one word ('times out', 'no gpu', 'sign in')", () => {
    expect(expand("time")).not.toContain("request timeout");
    expect(expand("gpu")).not.toContain("cpu");
    expect(expand("sign")).not.toContain("login");
    // The phrases still count as a whole where analysis keeps them.
    expect(expand("request timeout")).toContain("connect timeout");
  });

  it("knows the one-character verbs of mixed Chinese and English text", () => {
    // "用 python 爬 网页": a lone character between Latin words is the verb of the task.
    expect(expand("用 python 爬 网页")).toEqual(expect.arrayContaining(["scrape", "crawl"]));
    expect(expand("用 pandas 读 excel")).toContain("read");
    expect(expand("在 docker 里 装 postgres")).toContain("instal");
  });

  it("tells speech to text from text to speech by the Chinese phrase, not by its words", () => {
    // Both directions are made of 语音, 转成 and 文字: only the phrase says which way.
    expect(expand("把语音转成文字")).toContain("asr");
    expect(expand("把语音转成文字")).not.toContain("tts");
    expect(expand("把文字转成语音")).toContain("tts");
    expect(expand("把文字转成语音")).not.toContain("asr");
  });
});
