/** Space the fixed parts of the shell take, so the page can leave room for them. */
export const SIDE_MENU_WIDTH = 248;
export const GUEST_BANNER_HEIGHT = { xs: 112, sm: 72 };
/** The side menu's element id, for the menu button's aria-controls. */
export const SIDE_MENU_ID = 'side-menu';
