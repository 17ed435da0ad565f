// A full page load after a profile-wide change (the wizard's Finish, saved portal
// preferences), so every part of the app starts again from the new profile. Its own module so
// tests can replace it.
export function reloadPage(): void {
  window.location.reload();
}

/** Leaves for another address (another site of the deployment). */
export function openPage(url: string): void {
  window.location.assign(url);
}
