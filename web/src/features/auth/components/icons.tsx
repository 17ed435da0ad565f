// The sign-in screens' icons, apart from the app's (components/icons.tsx), which the shell's
// pages load with their layout: the sign-in pages download only these.
import { icon } from '../../../components/icon';

export const ArrowBackIcon = /* @__PURE__ */ icon('M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z');
export const CheckCircleIcon = /* @__PURE__ */ icon(
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
);
export const GoogleIcon = /* @__PURE__ */ icon(
  'M21.35 11.1H12v2.9h5.35c-.25 1.5-1.7 4.1-5.35 4.1-3.2 0-5.85-2.65-5.85-5.9S8.8 6.3 12 6.3c1.85 0 3.05.8 3.75 1.45l2.55-2.45C16.7 3.8 14.55 2.8 12 2.8 6.95 2.8 2.85 6.9 2.85 12s4.1 9.2 9.15 9.2c5.3 0 8.8-3.7 8.8-8.95 0-.6-.05-1.05-.15-1.15z',
);
export const FacebookIcon = /* @__PURE__ */ icon(
  'M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12z',
);
export const LinkedInIcon = /* @__PURE__ */ icon(
  'M19 3a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14zM8.34 17.34V10H6v7.34h2.34zM7.17 8.99a1.36 1.36 0 1 0 0-2.72 1.36 1.36 0 0 0 0 2.72zM18 17.34v-4.03c0-2.16-1.15-3.17-2.69-3.17-1.24 0-1.8.68-2.11 1.16V10h-2.34c.03.66 0 7.34 0 7.34h2.34v-4.1c0-.22.02-.44.08-.6.17-.44.56-.89 1.22-.89.86 0 1.2.66 1.2 1.62v3.97H18z',
);
