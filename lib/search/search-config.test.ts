import { describe, expect, it } from "vitest";
import { checkSettings } from "../config/check-settings";
import { readSearchSwitches, switchesKey } from "./search-config";

describe("search switches (KNOWHUB_SEARCH_OFF)", () => {
  it("are all on unless named, and name what they turn off", () => {
    expect(readSearchSwitches({})).toEqual({ lexicon: true, wordLists: true, gate: true });
    expect(readSearchSwitches({ KNOWHUB_SEARCH_OFF: " Lexicon, gate " })).toEqual({ lexicon: false, wordLists: true, gate: false });
    expect(switchesKey({ lexicon: false, wordLists: true, gate: false })).toBe("010");
  });

  it("stop the server on a typo instead of silently measuring something else", () => {
    expect(() => readSearchSwitches({ KNOWHUB_SEARCH_OFF: "lexicon,wordlist" })).toThrow(/unknown parts: wordlist/);
    const check = checkSettings({ KNOWHUB_SEARCH_OFF: "gates" });
    expect(check.problems.join("\n")).toMatch(/KNOWHUB_SEARCH_OFF has unknown parts: gates/);
    expect(checkSettings({ KNOWHUB_SEARCH_OFF: "gate" }).summary.join("\n")).toMatch(/measurement setting/);
  });
});
