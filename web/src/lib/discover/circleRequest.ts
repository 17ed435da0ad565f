// POST /request-circle/ {real_world_problems_to_solve, goal, urgency, hours_commitment,
// learning_modality, location} (spec 002 §3, §7).
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api/request';
import type { CircleRequest } from './types';

export function requestCircle(body: CircleRequest): Promise<unknown> {
  return apiRequest('POST', '/api/v1/request-circle/', { body });
}

export function useRequestCircle() {
  return useMutation({ mutationFn: requestCircle, meta: { silent: true } });
}
