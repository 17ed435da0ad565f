// Going to an address the server returns (a checkout, a payment's result page): inside the app
// when it is on this site, else a full page load.
import { useNavigate } from 'react-router';

/** A path of this site for an address the server returns (absolute on our origin, or a path). */
export function sitePath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}

/** Opens `url`: the router's navigation for this site's addresses (replacing the entry if asked), else the browser's. */
export function useOpenAddress(options?: { replace?: boolean }): (url: string) => void {
  const navigate = useNavigate();
  return (url) => {
    const path = sitePath(url, window.location.origin);
    if (path) void navigate(path, options);
    else window.location.assign(url);
  };
}
