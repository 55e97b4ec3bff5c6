import { listKeyRows } from "./repo";
import type { KeyDto } from "./schema";
import { toKeyDto } from "./serialize";

export function listKeys(): KeyDto[] {
  return listKeyRows().map(toKeyDto);
}
