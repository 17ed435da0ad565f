// What the client keeps between visits (spec 000 §9 "Storage and timing").
const KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  currentOrg: 'currentOrg',
  role: 'role',
  portal: 'portal',
  adminRole: 'isAdminRole',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the session lasts as long as the page
  }
}

// Who is signed in changes on sign-in and sign-out (not on a token renewal); the shell and
// the identity query follow this counter.
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever someone signs in or out; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes on every sign-in and sign-out. */
export function sessionVersion(): number {
  return version;
}

export function getAccessToken(): string | null {
  return read(KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(KEYS.refreshToken);
}

/** The selected organization's id, sent as current_org on GET requests. */
export function getCurrentOrg(): string | null {
  return read(KEYS.currentOrg);
}

export function isSignedIn(): boolean {
  return Boolean(getAccessToken());
}

/** Starts a session (sign-in, sign-up, verified email, changed password). */
export function setTokens(access: string, refresh?: string | null): void {
  write(KEYS.accessToken, access);
  if (refresh) write(KEYS.refreshToken, refresh);
  changed();
}

/** A renewed token pair for the same session: nothing else changes. */
export function renewTokens(access: string, refresh?: string | null): void {
  write(KEYS.accessToken, access);
  if (refresh) write(KEYS.refreshToken, refresh);
}

/** The admin-role toggle (spec 000 §6: the flag is stored on the client). */
export function isAdminRole(): boolean {
  return read(KEYS.adminRole) === 'true';
}

export function setAdminRole(on: boolean): void {
  write(KEYS.adminRole, on ? 'true' : null);
  changed();
}

/** The persona (current_role option value) chosen in the portal preferences; null for 'Not Set (All)'. */
export function getRole(): string | null {
  return read(KEYS.role);
}

export function setRole(role: string | null): void {
  write(KEYS.role, role);
}

/** The portal focus chosen in the portal preferences (learn_ai_skills, career_development or both). */
export function getPortal(): string | null {
  return read(KEYS.portal);
}

export function setPortal(portal: string | null): void {
  write(KEYS.portal, portal);
}

export function clearSession(): void {
  const hadSession = Boolean(read(KEYS.accessToken) || read(KEYS.refreshToken));
  for (const key of Object.values(KEYS)) write(key, null);
  if (hadSession) changed();
}

/**
 * Tokens handed over in the address (`?accessToken=…&refreshToken=…`, spec 000 §2 "Query
 * behaviour"): stores them and returns the same address without them, which the caller
 * loads again. Null when the address carries no access token.
 */
export function takeTokensFromUrl(href: string): string | null {
  const url = new URL(href);
  const access = url.searchParams.get('accessToken');
  if (!access) return null;
  setTokens(access, url.searchParams.get('refreshToken'));
  url.searchParams.delete('accessToken');
  url.searchParams.delete('refreshToken');
  return url.toString();
}
