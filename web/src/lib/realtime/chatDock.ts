// Which chat room the docked chat panel shows (spec 000 §2 "Chat panel docked at the bottom
// right"): profiles, connection cards and the messages menu open a room here; the chat
// feature's panel follows it.
import { useSyncExternalStore } from 'react';

export interface DockState {
  /** The room shown, or null when the panel is closed. */
  roomId: number | null;
}

let state: DockState = { roomId: null };
const listeners = new Set<() => void>();

function set(next: DockState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openChatRoom(roomId: number): void {
  set({ roomId });
}

export function closeChatRoom(): void {
  set({ roomId: null });
}

export function useChatDock(): DockState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
