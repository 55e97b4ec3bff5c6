// Sizes that operators may tune through the environment (cache entries and the like).

/** A whole number >= 0 from the environment variable `name`; `fallback` when unset, blank or invalid. */
export function readCountSetting(name: string, fallback: number): number {
  const setting = process.env[name];
  if (setting === undefined || setting.trim() === "") return fallback;
  const n = Number(setting);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}
