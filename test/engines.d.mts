export const LIB_DATABASE_TESTS: string[];
export const SQLITE_ONLY: Record<string, string>;
export const POSTGRES_SELF_MANAGED: string[];
export const POSTGRES_INCLUDE: string[];
export const POSTGRES_EXCLUDE: string[];
export function runsOnPostgres(file: string): boolean;
export function hasPostgres(env?: Record<string, string | undefined>): boolean;
