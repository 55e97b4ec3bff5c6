// The CLI's exit codes, one per thing a script branches on. Documented in README.md, docs/cli.md
// and `knowhub --help` (EXIT_CODE_HELP); test/cli-drift checks those say the same.
export const EXIT = {
  /** Results, an abstention ("nobody has reported this"), a stored or already-stored write. */
  ok: 0,
  /** The hub failed (internal error, database busy) or anything unforeseen. */
  failed: 1,
  /** Bad input: a usage mistake, invalid fields, a lookalike name to confirm, a body too large. */
  badInput: 2,
  /** No key, a bad or revoked key, or a key whose scope is too small. */
  auth: 3,
  notFound: 4,
  rateLimited: 5,
  /** KNOWHUB_API does not answer (or is not a KnowHub). */
  unreachable: 6,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code for an error body's code (lib/errors.ts codes, plus "unreachable"). */
export function exitCodeOf(code: string): ExitCode {
  switch (code) {
    case "invalid_input":
    case "conflict":
    case "payload_too_large":
    case "unsupported_media_type":
    case "method_not_allowed":
      return EXIT.badInput;
    case "unauthorized":
    case "forbidden":
      return EXIT.auth;
    case "not_found":
      return EXIT.notFound;
    case "rate_limited":
      return EXIT.rateLimited;
    case "unreachable":
      return EXIT.unreachable;
    default:
      return EXIT.failed;
  }
}

export const EXIT_CODE_HELP = `exit codes:
  0  results, an abstention (nothing reported yet), a stored or already stored write
  1  the hub failed (internal error, database busy)
  2  bad input (usage, invalid fields, lookalike name to confirm, too large)
  3  auth: no key, bad or revoked key, or too small a scope (401, 403)
  4  not found (404)
  5  rate limited (429): wait and retry
  6  KNOWHUB_API unreachable`;

/** A mistake in the command line itself (exit 2), reported with the command's usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
