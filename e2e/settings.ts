import { tmpdir } from "node:os";
import { join } from "node:path";

// Ports 3201-3209 are reserved for the browser tests.
export const E2E_PORT = Number(process.env.E2E_PORT || 3201);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const STATE_FILE = join(tmpdir(), `knowhub-e2e-${E2E_PORT}.json`);
export const SCREENSHOT_DIR = join(__dirname, "screenshots");
// The bootstrap admin token the test server starts with (e2e/global-setup.ts), for the console's
// login in e2e/admin.spec.ts. A test value: it opens only the throwaway test database.
export const ADMIN_TOKEN = "e2e-admin-token-7f3c9a1d5b2e4f60";
