import { z } from "zod";

export const healthDto = z.object({
  status: z.enum(["ok", "unavailable"]),
  db: z.enum(["ok", "error"]),
  cause: z
    .enum(["read_only", "disk_full", "io_error", "unreachable"])
    .optional()
    .describe("Why the database cannot serve (with status unavailable): read-only file or file system, full disk, I/O errors, or no answer at all."),
  message: z.string().optional().describe("What the operator should look at, in words."),
  version: z.string().describe("the server's version (package.json)"),
});
export type HealthDto = z.output<typeof healthDto>;
