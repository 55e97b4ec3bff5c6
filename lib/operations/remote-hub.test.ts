// Remote mode sends the operator's key: no argument may steer a request to another endpoint.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteHub } from "./remote-hub";

let server: Server;
let base = "";
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "not_found", message: "no such thing", details: {} } }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("remote hub", () => {
  it("refuses dot segments that would climb out of the endpoint, sending nothing", async () => {
    const hub = remoteHub(base, "kh_operator");
    for (const id of ["a/../../moderation/queue", "..", "./x", "a//b"]) {
      await expect(hub.getContent({ id } as never)).rejects.toMatchObject({ code: "invalid_input" });
    }
    await expect(hub.getResource({ name: ".." } as never)).rejects.toMatchObject({ code: "invalid_input" });
    expect(seen).toEqual([]);
    // An ordinary id still goes where it should, its errors mapped by code.
    await expect(hub.getContent({ id: "pymupdf/find-tables" } as never)).rejects.toMatchObject({ code: "not_found" });
    expect(seen).toEqual(["/api/content/pymupdf/find-tables"]);
  });

  it("refuses an address carrying credentials", async () => {
    expect(() => remoteHub("http://user:secret@127.0.0.1:1", undefined)).toThrow(/must not carry a user or password/);
  });
});
