// Files that carry a hub's data (backups, exports) are the operator's alone, as the database is:
// created 0600 from their first byte (a chmod afterwards would leave a window in which another user
// could open them), written under a temporary name in the same folder and renamed into place only
// when complete and flushed, so a failed or interrupted write never leaves a half file under the
// name asked for (an older file of that name stays as it was).
import { randomBytes } from "node:crypto";
import { closeSync, createWriteStream, fsyncSync, lstatSync, openSync, renameSync, rmSync } from "node:fs";
import { once } from "node:events";
import { basename, dirname, join } from "node:path";
import type { Writable } from "node:stream";
import { DomainError } from "./errors";

/** The mode of every file that holds a hub's rows. */
export const PRIVATE_FILE_MODE = 0o600;

/** Runs `write` on a stream to a fresh 0600 file, then renames it to `path`; on failure removes it. */
export async function writePrivateFile<T>(path: string, write: (out: Writable) => Promise<T>): Promise<T> {
  // The rename would replace whatever has the name: a device (/dev/stdout), a link, a folder.
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) throw new DomainError("invalid_input", `${path} exists and is not a regular file: name a file to write`, { path });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString("hex")}.partial`);
  // "wx": never reuse or follow an existing name; the mode applies at creation (the umask can only
  // take bits away).
  const out = createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE_MODE });
  try {
    await once(out, "open");
    const result = await write(out);
    out.end();
    await once(out, "close");
    // On disk before it takes the name: a crash right after the rename must not leave it empty.
    const fd = openSync(temporary, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    return result;
  } catch (error) {
    if (!out.closed) {
      out.destroy();
      await once(out, "close").catch(() => undefined);
    }
    rmSync(temporary, { force: true });
    throw error;
  }
}
