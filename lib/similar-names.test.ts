import { describe, expect, it } from "vitest";
import { closestNames } from "./similar-names";

describe("closestNames", () => {
  it("puts the nearest spelling first", () => {
    expect(closestNames("pymupdf/find-tabels", ["pymupdf", "pymupdf/render", "pymupdf/find-tables"])[0]).toBe(
      "pymupdf/find-tables",
    );
    expect(closestNames("pymupd", ["PyMuPDF", "pdfminer.six", "jieba"])).toEqual(["PyMuPDF"]);
  });

  it("suggests nothing far away", () => {
    expect(closestNames("jieba", ["PyMuPDF", "tabula-py"])).toEqual([]);
  });
});
