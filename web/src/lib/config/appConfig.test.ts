import { afterEach, describe, expect, it } from 'vitest';
import { inlinedAppConfig } from './appConfig';

function page(script: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (script !== null) {
    const element = doc.createElement('script');
    element.id = 'app-config';
    element.type = 'application/json';
    element.textContent = script;
    doc.head.append(element);
  }
  return doc;
}

describe('inlinedAppConfig', () => {
  afterEach(() => document.getElementById('app-config')?.remove());

  it('reads the configuration the server put into the page', () => {
    const config = { organization: { name: 'Star \u003c/script\u003e Academy' }, ui: { theme: {} } };
    const text = JSON.stringify(config).replace(/</g, '\\u003c');
    expect(inlinedAppConfig(page(text))?.organization.name).toBe('Star </script> Academy');
  });

  it('is undefined without one, or with one that is not a configuration', () => {
    expect(inlinedAppConfig(page(null))).toBeUndefined();
    expect(inlinedAppConfig(page(''))).toBeUndefined();
    expect(inlinedAppConfig(page('{not json'))).toBeUndefined();
    expect(inlinedAppConfig(page('null'))).toBeUndefined();
    expect(inlinedAppConfig(page('{"organization":{}}'))).toBeUndefined();
  });
});
