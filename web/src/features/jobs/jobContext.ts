// What the job page hands to its tabs through the router outlet.
import { useOutletContext } from 'react-router';
import type { Job } from './api/types';

export interface JobContext {
  job: Job;
  signedIn: boolean;
}

export function useJobContext(): JobContext {
  return useOutletContext<JobContext>();
}
