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

export function clearSession(): void {
  for (const key of Object.values(KEYS)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // storage unavailable (private mode): nothing to clear
    }
  }
}
