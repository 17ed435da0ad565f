// MUI's Menu (with its Popover, Modal and focus trap, ~18 kB gzipped) downloads when a menu is
// first opened or its button pointed at, not with every page that has one: a closed menu
// renders nothing anyway (components/ActionMenu.tsx).
export const loadActionMenu = () => import('./ActionMenuImpl');

/** The handlers that start the menu's download from its button: pointer over, focus or touch. */
export const preloadActionMenuProps = {
  onPointerEnter: () => void loadActionMenu(),
  onFocus: () => void loadActionMenu(),
  onTouchStart: () => void loadActionMenu(),
};
