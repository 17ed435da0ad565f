import type { RouteObject } from 'react-router';
import { lazyRoute, lazyRoutes } from './lazyRoute';
import { GuestGuard, VerifyOtpGuard } from './guards';

/** The sign-in screens, without the side menu and the guest banner. */
export const authRoutes: RouteObject = {
  Component: lazyRoute(async () => (await import('./layouts/AuthLayout')).default),
  children: [
    {
      element: <GuestGuard />,
      children: [
        {
          path: 'login',
          Component: lazyRoute(async () => (await import('../features/auth/routes/LoginPage')).default),
        },
        {
          path: 'signup',
          Component: lazyRoute(async () => (await import('../features/auth/routes/SignupPage')).default),
        },
      ],
    },
    {
      path: 'forgot-password',
      Component: lazyRoute(async () => (await import('../features/auth/routes/ForgotPasswordPage')).default),
    },
    {
      path: 'reset-password/:token',
      Component: lazyRoute(async () => (await import('../features/auth/routes/ResetPasswordPage')).default),
    },
    {
      element: <VerifyOtpGuard />,
      children: [
        {
          path: 'verify-otp',
          Component: lazyRoute(async () => (await import('../features/auth/routes/VerifyOtpPage')).default),
        },
      ],
    },
    {
      path: 'verify-email/:token?',
      Component: lazyRoute(async () => (await import('../features/auth/routes/VerifyEmailPage')).default),
    },
    {
      path: 'linkedin',
      Component: lazyRoute(async () => (await import('../features/auth/routes/LinkedInCallbackPage')).default),
    },
    {
      path: 'social/:provider',
      Component: lazyRoute(async () => (await import('../features/auth/routes/SocialCallbackPage')).default),
    },
  ],
};

/**
 * Only the routes this app delivers so far; every other path is the 404 page. The sign-in
 * screens are here; every other page is in the app's table (app/shellRoutes.tsx), which loads
 * on demand like the pages themselves (`lazyRoutes`, `lazyRoute`): the first download holds
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
