import { lazy } from 'react';

// The resume upload (MUI's Dialog, its progress bar) loads when a member without a resume
// applies, not with every job page.
export const ResumeDialog = lazy(() => import('./ResumeDialog'));
