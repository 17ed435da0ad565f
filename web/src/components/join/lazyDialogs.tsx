import { lazy } from 'react';

// The join flow's dialogs download when one opens, not with every page that has a Join button.
export const ConferenceDialog = lazy(() => import('./ConferenceDialog'));
export const QuestionsModal = lazy(() => import('./QuestionsModal'));
