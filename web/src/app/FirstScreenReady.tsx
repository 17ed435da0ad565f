import { useEffect } from 'react';

/** How long after the app is ready a form held before hydration is still sent. */
const HELD_SUBMIT_WAIT_MS = 10_000;

/** Whether React has hydrated this element (it keeps its props on the element under this key). */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps'));
}

/**
 * Tells a prerendered page that the app has taken over (issue 30). Until then the page's inline
 * script holds back a form sent from the prerendered HTML (the browser would send it as a GET
 * to the page's own address, fields and all), and it keeps holding a form React has not
 * hydrated yet: the app's providers are ready before a route's part of the page may be. The held
 * form is sent again once React has it. Renders nothing, on the server as in the browser.
 */
export default function FirstScreenReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    const started = Date.now();
    let timer: number | undefined;
    // A form may also be held after this point, while its part of the page is still being
    // hydrated: look again for a while.
    const sendHeld = () => {
      const slot = window as { __heldSubmit?: HTMLFormElement | null };
      const held = slot.__heldSubmit;
      if (held?.isConnected && isHydrated(held)) {
        slot.__heldSubmit = null;
        held.requestSubmit();
      }
      if (Date.now() - started < HELD_SUBMIT_WAIT_MS) timer = window.setTimeout(sendHeld, 50);
    };
    sendHeld();
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
