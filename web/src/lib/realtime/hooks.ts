import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  onRealtimeEvent,
  onSocketStatus,
  socketStatus,
  acquireSocket,
  type RealtimeEvent,
  type SocketStatus,
} from './socket';

/** Opens the tab's socket while the calling component is mounted. */
export function useRealtimeConnection(): void {
  useEffect(() => acquireSocket(), []);
}

/** Calls `handler` for every event of the socket (the latest handler, without resubscribing). */
export function useRealtimeEvents(handler: (event: RealtimeEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onRealtimeEvent((event) => latest.current(event)), []);
}

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(onSocketStatus, socketStatus, () => 'closed' as SocketStatus);
}
