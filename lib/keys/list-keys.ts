import { listKeyRows } from "./repo";
import type { KeyDto } from "./schema";
import { toKeyDto } from "./serialize";

export async function listKeys(): Promise<KeyDto[]> {
  return (await listKeyRows()).map(toKeyDto);
}
