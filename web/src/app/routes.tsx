import type { RouteObject } from 'react-router';
import { lazyRoutes } from './lazyRoute';
import { lazyPage, page } from './routeTable';
import { GuestGuard, VerifyOtpGuard } from './guards';

/** The sign-in screens, without the side menu and the guest banner. */
export const authRoutes: RouteObject = {
  Component: lazyPage(() => import('./layouts/AuthLayout')),
  children: [
    {
      element: <GuestGuard />,
      children: [
        page('login', () => import('../features/auth/routes/LoginPage')),
        page('signup', () => import('../features/auth/routes/SignupPage')),
      ],
    },
    page('forgot-password', () => import('../features/auth/routes/ForgotPasswordPage')),
    page('reset-password/:token', () => import('../features/auth/routes/ResetPasswordPage')),
    {
      element: <VerifyOtpGuard />,
      children: [
        page('verify-otp', () => import('../features/auth/routes/VerifyOtpPage')),
      ],
    },
    page('verify-email/:token?', () => import('../features/auth/routes/VerifyEmailPage')),
    page('linkedin', () => import('../features/auth/routes/LinkedInCallbackPage')),
    page('social/:provider', () => import('../features/auth/routes/SocialCallbackPage')),
  ],
};

/**
 * Only the routes this app delivers so far; every other path is the 404 page. The sign-in
 * screens are here; every other page is in the app's table (app/shellRoutes.tsx), which loads
 * on demand like the pages themselves (`lazyRoutes`, `lazyPage`): the first download holds
 * only the providers, the router, the guards and this table. The router (app/AppRoutes.tsx)
 * preloads every route a location matches at once, through the app's table, and each chunk's
 * own imports are preloaded with it, so a page's code arrives in one round; a link preloads
 * its page on hover or focus.
 */
export const routes: RouteObject[] = [
  authRoutes,
  {
    path: '*',
    Component: lazyRoutes(async () => (await import('./shellRoutes')).shellRoutes),
  },
];
