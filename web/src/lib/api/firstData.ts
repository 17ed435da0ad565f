// The first page's data, in the page (issue 30). For a prerendered guest page the server puts
// the answers to the API requests the page makes first into
// `<script id="first-data" type="application/json">{"/api/v1/circles/?page=1": {…}}</script>`
// (scripts/prerender.mjs notes which; crates/api/src/web/first_screen.rs asks its own API as a
// guest). Each answer is used once, for the same GET made without a sign-in, instead of going
// to the network; every other request, and the same one later, goes out as usual.

const answers = new Map<string, string>();

/** `path?query` with the query's parameters in order, so that both sides name a request alike. */
export function requestKey(url: string): string {
  const parsed = new URL(url, 'http://first-data.invalid');
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/** Reads the page's first data and answers matching requests from it. */
export function takeFirstData(doc: Document = document): void {
  const text = doc.getElementById('first-data')?.textContent;
  if (!text) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  if (!parsed || typeof parsed !== 'object') return;
  for (const [url, body] of Object.entries(parsed as Record<string, unknown>)) answers.set(requestKey(url), JSON.stringify(body));
  if (answers.size === 0) return;
  const network = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = firstAnswer(input, init);
    return answer ?? network(input, init);
  };
}

function firstAnswer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  if (answers.size === 0) return undefined;
  const request = input instanceof Request ? input : null;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init?.headers ?? request?.headers);
  // The answers are a guest's: a signed-in request goes to the network.
  if (method !== 'GET' || headers.has('Authorization')) return undefined;
  const url = new URL(request ? request.url : String(input), window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const key = requestKey(url.href);
  const body = answers.get(key);
  if (body === undefined) return undefined;
  answers.delete(key);
  return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
}

/** Tests: forget any answers left. */
export function clearFirstData(): void {
  answers.clear();
}
