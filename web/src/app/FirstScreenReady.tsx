import { useEffect } from 'react';

/**
 * Tells a prerendered page that the app has taken over (issue 30). Until then the page's inline
 * script holds back a form sent from the prerendered HTML (the browser would send it as a GET
 * to the page's own address, fields and all); it is sent again here, now to the app. Renders
 * nothing, on the server as in the browser.
 */
export default function FirstScreenReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    const held = (window as { __heldSubmit?: HTMLFormElement | null }).__heldSubmit;
    (window as { __heldSubmit?: HTMLFormElement | null }).__heldSubmit = null;
    if (held?.isConnected) held.requestSubmit();
  }, []);
  return null;
}
