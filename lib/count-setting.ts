// Whole-number settings that operators may tune through the environment (cache entries, limits, timeouts).

/** A whole number >= 0 from the environment variable `name`; `fallback` when unset, blank or invalid. */
export function readCountSetting(name: string, fallback: number): number {
  const setting = process.env[name];
  if (setting === undefined || setting.trim() === "") return fallback;
  const n = Number(setting);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * The same setting checked strictly, for the start-up check (lib/config/settings.ts) and the
 * domains' own parsers: blank or unset is `fallback`; anything but a whole number from `min` to `max`
 * throws an error naming the variable and the range.
 */
export function parseWholeSetting(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = (env[name] ?? "").trim();
  if (raw === "") return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new Error(`${name}=${JSON.stringify(env[name])} is not valid: use a whole number ${range} (default ${fallback}).`);
  }
  return n;
}
