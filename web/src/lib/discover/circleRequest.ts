// POST /request-circle/ {real_world_problems_to_solve, goal, urgency, hours_commitment,
// learning_modality, location} (spec 002 §3, §7).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import type { CircleRequest } from './types';

export function requestCircle(body: CircleRequest): Promise<components['schemas']['CircleRequestAnswer']> {
  return unwrap(api.POST('/api/v1/request-circle/', { body }));
}

export function useRequestCircle() {
  return useMutation({ mutationFn: requestCircle, meta: { silent: true } });
}
