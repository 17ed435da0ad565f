// Chunk groups of the production build (vite.config.ts `codeSplitting.groups`).
//
// Rolldown's automatic split gives every set of routes that shares a module its own chunk, so
// a cold /circles fetched 76 files, most under 1 kB. Over HTTP/1.1 (what the binary serves
// without a TLS proxy, and what Lighthouse models) a browser opens 6 connections per host and
// each file costs a round trip on one of them: the requests, not the bytes, made the
// waterfall. These groups put what the first routes always load together into one file each
// (docs/decisions.md "Web weight, round 4"). A module named here that another page also uses
// makes that page load the whole group. A group also takes in what its modules import, so a
// lazily loaded module must not be named here (its imports would load with the group).

/** A path fragment under node_modules or the app's src, matched on either path separator. */
function group(fragments: string[]): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\//g, '[\\\\/]');
  return new RegExp(fragments.map(escape).join('|'));
}

/** What the sign-in pages and every page of the app shell load: the top bar, the logo, the icon factory and a text field's parts. */
export const SHELL = group([
  '@mui/material/AppBar/',
  '@mui/material/Divider/',
  '@mui/material/FormControl/',
  '@mui/material/FormHelperText/',
  '@mui/material/FormLabel/',
  '@mui/material/IconButton/',
  '@mui/material/InputBase/',
  '@mui/material/InputLabel/',
  '@mui/material/Link/',
  '@mui/material/OutlinedInput/',
  '@mui/material/Paper/',
  '@mui/material/SvgIcon/',
  '@mui/material/TextareaAutosize/',
  '@mui/material/Toolbar/',
  '@mui/material/useMediaQuery/',
  '@mui/material/Select/selectClasses.',
  '@mui/material/utils/debounce.',
  '@mui/material/utils/getActiveElement.',
  '@mui/material/utils/isMuiElement.',
  '@mui/material/utils/mergeSlotProps.',
  '@mui/material/utils/ownerDocument.',
  '@mui/material/utils/ownerWindow.',
  '@mui/material/utils/useControlled.',
  '@mui/material/utils/useEnhancedEffect.',
  '@mui/material/utils/useSlot.',
  '@mui/utils/appendOwnerState/',
  '@mui/utils/useControlled/',
  '@mui/utils/debounce/',
  '@mui/utils/extractEventHandlers/',
  '@mui/utils/getActiveElement/',
  '@mui/utils/isEventHandler/',
  '@mui/utils/isHostComponent/',
  '@mui/utils/isMuiElement/',
  '@mui/utils/mergeSlotProps/',
  '@mui/utils/omitEventHandlers/',
  '@mui/utils/ownerDocument/',
  '@mui/utils/ownerWindow/',
  '@mui/utils/resolveComponentProps/',
  '@mui/system/useMediaQuery/',
  // What MUI's TouchRipple needs besides itself, here so that its chunk, loaded on the first
  // press (build-plugins/lazyTouchRipple.ts), imports nothing a page has not loaded already.
  '@mui/utils/useOnMount/',
  '@mui/utils/useTimeout/',
  '@mui/material/transitions/useReducedMotion.',
  // Radio's: in the modal group it made every page with a radio button load the Modal.
  '@mui/utils/createChainedFunction/',
  '@mui/material/utils/createChainedFunction.',
  'src/components/shell/Logo.tsx',
  // The light text field (no Select inside) of the sign-in pages and the donation card.
  'src/components/forms/PlainTextField.tsx',
  'src/components/icon.tsx',
  'src/components/LazyTooltip.tsx',
  '@tanstack/query-core/build/modern/mutationObserver.js',
  '@tanstack/react-query/build/modern/useMutation.js',
]);

/**
 * MUI's Alert on its own: the sign-up page and the guest banner of the app layout both show one,
 * and inside the layout's group it made /signup load the whole layout.
 */
export const ALERT = group(['@mui/material/Alert/']);

/**
 * The sign-in pages' rules and zod: loaded by the sign-up, forgot and reset password pages with
 * them, and by the login page once its form is on the screen (useSchemaForm's loader).
 */
export const SCHEMAS = group(['src/features/auth/schemas.ts', 'zod/v4/']);

/** The sign-in pages' form and links (login, sign-up, forgot and reset password). */
export const AUTH = group([
  'src/features/auth/api.ts',
  'src/features/auth/session.ts',
  'src/features/auth/social.ts',
  'src/features/auth/components/AuthCard.tsx',
  'src/features/auth/components/FormError.tsx',
  'src/features/auth/components/icons.tsx',
  'src/features/auth/components/LegalLinks.tsx',
  'src/features/auth/components/SocialButtons.tsx',
  'src/lib/forms/serverErrors.ts',
  'src/lib/forms/useSchemaForm.ts',
]);

/** Joining a circle from its card or page: the join flow and its calls. */
export const JOIN = group([
  'src/components/join/FullGroupWarning.tsx',
  'src/components/join/lazyDialogs.tsx',
  'src/components/join/useJoinFlow.tsx',
  'src/lib/api/download.ts',
  'src/lib/discover/leaders.ts',
  'src/lib/discover/useCases.ts',
  'src/lib/groups/conference.ts',
]);

/**
 * A group's rules, messages and membership calls: every group page shows them, an
 * organization's without the join flow (inside the join group it loaded the flow too).
 */
export const GROUP_RULES = group([
  'src/components/join/useAddressIntent.ts',
  'src/lib/groups/membership.ts',
  'src/lib/groups/messages.ts',
  'src/lib/groups/rules.ts',
]);

/** The app shell's layout (top bar, side menu) and the app's icons, with the MUI parts only it needs. */
export const LAYOUT = group([
  'src/components/icons.tsx',
  // Shared by the card grids and the CareerGPS home: with the layout every page loads, so that
  // the home does not fetch the lists chunk for its nine lines.
  'src/components/visuallyHidden.ts',
  'src/app/layouts/AppLayout.tsx',
  'src/components/shell/TopBar.tsx',
  'src/components/shell/SideMenu.tsx',
  'src/components/shell/GuestBanner.tsx',
  'src/components/shell/menuSections.ts',
  'src/components/shell/dimensions.ts',
  'src/components/shell/nextParam.ts',
  '@mui/material/Container/',
  '@mui/material/List/',
  '@mui/material/ListItemButton/',
  '@mui/material/ListItemText/',
  '@mui/material/ListSubheader/',
  '@mui/system/Container/',
]);

/**
 * What pages with cards share: the cards, chips and skeletons, a circle's card and the list
 * states. The landing, CareerGPS and the detail pages show these without a list's filters, and
 * inside the lists group they loaded the filters' Select, Menu and TextField with them.
 */
export const CARDS = group([
  'src/components/lists/GroupCard.tsx',
  'src/components/lists/ListStates.tsx',
  'src/components/lists/cardRules.ts',
  'src/components/lists/layout.ts',
  'src/components/lists/lifecycle.ts',
  'src/components/lists/listIcons.tsx',
  'src/lib/groups/groups.ts',
  'src/lib/profile/upload.ts',
  // The lists' rules and calls that detail pages use too (a circle's join flow, a job's rules).
  'src/lib/discover/groups.ts',
  'src/lib/discover/params.ts',
  'src/lib/profile/topics.ts',
  'src/components/lists/listParams.ts',
  '@mui/material/Card/',
  '@mui/material/CardActionArea/',
  '@mui/material/Chip/',
  '@mui/material/Skeleton/',
  // The search box's icon, and what MUI's Select styles its neighbour by.
  '@mui/material/InputAdornment/',
  // Shared by MUI's Tabs (the landing, CareerGPS, the detail pages) and the lists' MenuList or Modal.
  '@mui/material/utils/contains.',
  '@mui/utils/contains/',
  '@mui/material/utils/focusWithVisible.',
  '@mui/material/utils/getScrollbarSize.',
  '@mui/utils/fastObjectShallowCompare/',
  '@mui/utils/useRovingTabIndex/',
  '@mui/utils/useSlotProps/',
]);

/** What the list pages share besides their cards: filters, pagination and their data calls. */
export const LISTS = group([
  'src/components/lists/CardGridResults.tsx',
  'src/components/lists/FilterBar.tsx',
  'src/components/lists/FilterSelect.tsx',
  'src/components/lists/ListPage.tsx',
  'src/components/lists/ListPagination.tsx',
  'src/components/lists/SearchField.tsx',
  'src/components/lists/StatusFilter.tsx',
  'src/components/lists/useListParams.ts',
  '@mui/material/styles/cssUtils.',
]);

/**
 * MUI's Pagination apart from the lists' filters: the signed-in tables and panels page with it
 * too, and inside the lists group they loaded the filter bar and search with it.
 */
export const PAGINATION = group(['@mui/material/Pagination/', '@mui/material/PaginationItem/', '@mui/material/usePagination/']);

/**
 * MUI's TextField and Select with the Menu they open: one file for the forms and dialogs that
 * use them. The list filters and the home's share box render a look-alike until the page is
 * idle (components/forms/SelectField.tsx), so no first screen waits for it.
 */
export const SELECT = group([
  '@mui/material/FilledInput/',
  '@mui/material/Input/',
  '@mui/material/ListItemIcon/',
  '@mui/material/Menu/',
  '@mui/material/MenuItem/',
  '@mui/material/MenuList/',
  '@mui/material/NativeSelect/',
  '@mui/material/Popover/',
  '@mui/material/Select/',
  '@mui/material/TextField/',
]);

/**
 * MUI's Modal and what it renders with (backdrop, portal, focus trap): dialogs, menus, selects
 * and the narrow screens' drawer load it when they first open. It was in the layout's group for
 * the side menu's Drawer, which now loads only once opened (components/shell/SideMenu.tsx).
 */
export const MODAL = group([
  '@mui/material/Backdrop/',
  '@mui/material/Modal/',
  '@mui/material/Portal/',
  '@mui/material/Unstable_TrapFocus/',
  '@mui/material/utils/focusable.',
  '@mui/utils/getScrollbarSize/',
  '@mui/material/Fade/',
  '@mui/material/Grow/',
]);

/**
 * MUI's Dialog and its parts, one file: the automatic split cut them into three or four
 * chunks, by which dialogs of the page (the signed-in pages' chat dock among them) use which.
 */
export const DIALOG = group([
  '@mui/material/Dialog/',
  '@mui/material/DialogActions/',
  '@mui/material/DialogContent/',
  '@mui/material/DialogContentText/',
  '@mui/material/DialogTitle/',
]);

/** The country names and the typing debounce: the lists' filters and the profile forms share them. */
export const COUNTRIES = group([
  'src/components/profileForm/countries.ts',
  'src/components/profileForm/useDebouncedValue.ts',
]);
