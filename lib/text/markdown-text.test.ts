import { describe, expect, it } from "vitest";
import { markdownText } from "./markdown-text";

describe("markdownText", () => {
  it("keeps the words a reader sees and drops the marks", () => {
    const body = "# Find tables\n\nUse **`page.find_tables()`** on [PyMuPDF](https://pymupdf.io) pages.\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n```python\nx = 1\n```\n- item *one*";
    expect(markdownText(body)).toBe("Find tables Use page.find_tables() on PyMuPDF pages. a b 1 2 x = 1 item one");
  });

  it("never leaves an asterisk, so ** can mark a snippet's matches", () => {
    expect(markdownText("2 * 3 = 6, **bold** and ***more***")).not.toContain("*");
  });

  it("keeps Chinese text as it is", () => {
    expect(markdownText("## 表格提取\n\n用 `find_tables` 提取表格。")).toBe("表格提取 用 find_tables 提取表格。");
  });
});
