// Calls route handlers in-process with real Request objects, as Next would.
export type Answer<T = any> = { status: number; headers: Headers; json: T; text: string };

type Handler = (request: Request, context: any) => Promise<Response> | Response;

export async function call<T = any>(
  handler: Handler,
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; params?: Record<string, unknown> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(`http://127.0.0.1:3000${path}`, { method: init.method ?? "GET", headers, body });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}
