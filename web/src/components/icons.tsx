// The app's icons (Material Design paths): the shell's and the lists' here, with the one
// factory every icon module uses (./icon.tsx, re-exported); the sign-in screens', the profile
// form's, the profile's and the groups' screens keep theirs in their own modules so that their
// pages alone download them.
import { icon } from './icon';

export { icon };

export const MenuIcon = /* @__PURE__ */ icon('M3 6h18v2H3V6zm0 5h18v2H3v-2zm0 5h18v2H3v-2z');
export const ArrowDropDownIcon = /* @__PURE__ */ icon('M7 10l5 5 5-5z');
export const CloseIcon = /* @__PURE__ */ icon(
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
);
export const PlayIcon = /* @__PURE__ */ icon('M8 5v14l11-7z');
export const CheckCircleIcon = /* @__PURE__ */ icon(
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
);
export const ArrowBackIcon = /* @__PURE__ */ icon('M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z');
export const LogoutIcon = /* @__PURE__ */ icon(
  'm17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4V5z',
);
export const SettingsIcon = /* @__PURE__ */ icon(
  'M19.14 12.94c.04-.3.06-.61.06-.94 0-.32-.02-.64-.07-.94l2.03-1.58a.49.49 0 0 0 .12-.61l-1.92-3.32a.488.488 0 0 0-.59-.22l-2.39.96c-.5-.38-1.03-.7-1.62-.94l-.36-2.54a.484.484 0 0 0-.48-.41h-3.84c-.24 0-.43.17-.47.41l-.36 2.54c-.59.24-1.13.57-1.62.94l-2.39-.96c-.22-.08-.47 0-.59.22L2.74 8.87c-.12.21-.08.47.12.61l2.03 1.58c-.05.3-.09.63-.09.94s.02.64.07.94l-2.03 1.58a.49.49 0 0 0-.12.61l1.92 3.32c.12.22.37.29.59.22l2.39-.96c.5.38 1.03.7 1.62.94l.36 2.54c.05.24.24.41.48.41h3.84c.24 0 .44-.17.47-.41l.36-2.54c.59-.24 1.13-.56 1.62-.94l2.39.96c.22.08.47 0 .59-.22l1.92-3.32c.12-.22.07-.47-.12-.61l-2.01-1.58zM12 15.6c-1.98 0-3.6-1.62-3.6-3.6s1.62-3.6 3.6-3.6 3.6 1.62 3.6 3.6-1.62 3.6-3.6 3.6z',
);
export const NotificationsIcon = /* @__PURE__ */ icon(
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z',
);
export const ChatIcon = /* @__PURE__ */ icon(
  'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z',
);
export const SendIcon = /* @__PURE__ */ icon('M2.01 21 23 12 2.01 3 2 10l15 2-15 2z');
export const MinimizeIcon = /* @__PURE__ */ icon('M6 19h12v2H6z');
export const AddIcon = /* @__PURE__ */ icon('M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z');
export const ExpandIcon = /* @__PURE__ */ icon('M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z');
export const CollapseIcon = /* @__PURE__ */ icon('M12 8l-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z');
