import { z } from "zod";

export const healthDto = z.object({
  status: z.enum(["ok", "unavailable"]),
  db: z.enum(["ok", "error"]),
  version: z.string().describe("the server's version (package.json)"),
});
export type HealthDto = z.output<typeof healthDto>;
