// What a group page hands to its tabs through the router outlet.
import { useOutletContext } from 'react-router';
import type { Identity } from '../auth/identity';
import type { Group } from './types';

export interface GroupContext {
  group: Group;
  signedIn: boolean;
  identity: Identity | undefined;
}

export function useGroupContext(): GroupContext {
  return useOutletContext<GroupContext>();
}
