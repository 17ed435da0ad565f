import { useEffect } from 'react';

/**
 * Tells a prerendered page that the app has taken over (issue 30). Until then the page's inline
 * script holds back a form sent from the prerendered HTML (the browser would send it as a GET
 * to the page's own address, fields and all); it is sent again here, now to the app. A form that
 * holds its own submits until it is ready (useFirstScreenForm) is left to itself. Renders
 * nothing, on the server as in the browser.
 */
export default function FirstScreenReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    const slot = window as { __heldSubmit?: HTMLFormElement | null };
    const held = slot.__heldSubmit;
    if (!held?.isConnected || held.hasAttribute('data-held-until-ready')) return;
    slot.__heldSubmit = null;
    held.requestSubmit();
  }, []);
  return null;
}
