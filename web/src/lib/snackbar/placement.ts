// Where the toast stack opens (docs/decisions.md "Loose ends (issue 33)").

/** The class of the stack's container, placed below the top bar by {@link belowTopBar}. */
export const TOASTS_CLASS = 'wp-toasts';

/**
 * Toasts open below the fixed top bar, never over it: on a phone notistack stretches them
 * across the screen from 14 px down, where they covered the menu button (and the account
 * buttons) for their 5 seconds. The bar is MUI's toolbar: 56 px high below the app's `sm`
 * breakpoint (640 px; 48 px on a phone held sideways), 64 px from it; 8 px of air under it.
 * Plain media queries: the stack sits outside the tenant's theme provider.
 */
export const belowTopBar = {
  [`.${TOASTS_CLASS}`]: { top: '64px !important' },
  '@media (orientation: landscape) and (max-width: 639.95px)': { [`.${TOASTS_CLASS}`]: { top: '56px !important' } },
  '@media (min-width: 640px)': { [`.${TOASTS_CLASS}`]: { top: '72px !important' } },
};
