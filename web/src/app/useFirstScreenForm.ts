import { useEffect, useRef } from 'react';

/**
 * For a form on a prerendered page (issue 30): its props mark it in the HTML as held
 * (`data-held-until-ready`), so that the page's inline script keeps a submit made before the
 * form's own code is live (the browser would send it as a GET with its fields, a password too,
 * in the address). Once the form has mounted, it is marked ready and a held submit is sent
 * again, now through its handler. A ready app is not enough: a route's part of the page can
 * still be hydrating when the rest has taken over.
 */
export function useFirstScreenForm<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const form = ref.current as HTMLFormElement | null;
    if (!form) return;
    form.setAttribute('data-ready', '');
    const slot = window as { __heldSubmit?: HTMLFormElement | null };
    if (slot.__heldSubmit === form) {
      slot.__heldSubmit = null;
      form.requestSubmit();
    }
  }, []);
  return { ref, 'data-held-until-ready': '' };
}
