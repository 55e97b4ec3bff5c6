export function isBuildStale(root: string, distDir: string): boolean;
export function hasBuild(root: string, distDir: string): boolean;
