import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearFirstData, requestKey, takeFirstData } from './firstData';

function pageWith(data: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.id = 'first-data';
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  doc.body.append(script);
  return doc;
}

describe('the first data in the page', () => {
  const network = globalThis.fetch;
  afterEach(() => {
    clearFirstData();
    globalThis.fetch = network;
  });

  it('names a request by its path and its parameters in order', () => {
    expect(requestKey('/api/v1/circles/?page_size=9&page=1')).toBe(requestKey('http://x.test/api/v1/circles/?page=1&page_size=9'));
  });

  it('answers the same guest GET once from the page, then from the network', async () => {
    const fromNetwork = vi.fn(async () => new Response('{"from":"network"}', { status: 200 }));
    globalThis.fetch = fromNetwork as typeof fetch;
    takeFirstData(pageWith({ '/api/v1/circles/?page=1&page_size=9': { results: [{ id: 1 }] } }));

    const url = `${window.location.origin}/api/v1/circles/?page_size=9&page=1`;
    const first = await fetch(new Request(url));
    expect(await first.json()).toEqual({ results: [{ id: 1 }] });
    expect(fromNetwork).not.toHaveBeenCalled();

    const again = await fetch(new Request(url));
    expect(await again.json()).toEqual({ from: 'network' });
    expect(fromNetwork).toHaveBeenCalledTimes(1);
  });

  it('never answers a signed-in request or a write', async () => {
    const fromNetwork = vi.fn(async () => new Response('{}', { status: 200 }));
    globalThis.fetch = fromNetwork as typeof fetch;
    takeFirstData(pageWith({ '/api/v1/circles/?page=1': { guest: true } }));
    const url = `${window.location.origin}/api/v1/circles/?page=1`;
    await fetch(new Request(url, { headers: { Authorization: 'Bearer t' } }));
    await fetch(new Request(url, { method: 'POST', body: '{}' }));
    expect(fromNetwork).toHaveBeenCalledTimes(2);
  });

  it('leaves fetch alone when the page has none', () => {
    const before = globalThis.fetch;
    takeFirstData(document.implementation.createHTMLDocument('empty'));
    expect(globalThis.fetch).toBe(before);
  });
});
