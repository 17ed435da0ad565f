// The one real-time socket of a tab (spec 000 §7 "Real-time"): /ws/events/{token}/ on the
// same host (wss on https). It carries chat_message and notification events; it reconnects
// by itself with a growing pause (1 s doubling up to 30 s, with jitter), and renews the
// access token through an ordinary API call when the server refused or closed it for the
// token (close code 4001, or a failed handshake).
import { api, unwrap } from '../api/client';
import { getAccessToken, isSignedIn, subscribeSession } from '../session';

export type SocketStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

type Listener = (event: RealtimeEvent) => void;

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let status: SocketStatus = 'closed';
let socket: WebSocket | null = null;
let users = 0;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let needsRenewal = false;

export const MIN_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30000;

/** The pause before reconnect attempt `n` (0-based): doubling from 1 s, capped at 30 s. */
export function backoff(n: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** Math.min(n, 10));
  return Math.round(base * (0.75 + random() * 0.5));
}

export function socketUrl(token: string, location: { protocol: string; host: string } = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/events/${encodeURIComponent(token)}/`;
}

function setStatus(next: SocketStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function scheduleReconnect(): void {
  if (users === 0 || retryTimer) return;
  const wait = backoff(attempt);
  attempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void open();
  }, wait);
}

async function open(): Promise<void> {
  if (users === 0 || socket || !isSignedIn()) return;
  if (needsRenewal) {
    // Any authenticated call renews an expired access token (or ends the session).
    try {
      await unwrap(api.GET('/api/v1/identity/'));
    } catch {
      // offline or signed out: the next attempt tries again
    }
    needsRenewal = false;
  }
  const token = getAccessToken();
  if (!token || users === 0 || socket) return;
  setStatus('connecting');
  let opened = false;
  const ws = new WebSocket(socketUrl(token));
  socket = ws;
  ws.onopen = () => {
    opened = true;
    attempt = 0;
    setStatus('open');
  };
  ws.onmessage = (message) => {
    if (typeof message.data !== 'string') return;
    let event: RealtimeEvent;
    try {
      event = JSON.parse(message.data) as RealtimeEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  };
  ws.onclose = (close) => {
    if (socket === ws) socket = null;
    setStatus('closed');
    // Refused at the handshake, or closed for the token: renew it before the next try.
    if (!opened || close.code === 4001 || close.code === 4003) needsRenewal = true;
    scheduleReconnect();
  };
}

function stop(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  attempt = 0;
  const current = socket;
  socket = null;
  current?.close(1000);
  setStatus('closed');
}

subscribeSession(() => {
  // Someone signed in or out: the old socket belongs to the previous user.
  stop();
  if (users > 0 && isSignedIn()) void open();
});

/** Keeps the socket open while at least one part of the page uses it; returns the release. */
export function acquireSocket(): () => void {
  users += 1;
  if (users === 1) void open();
  return () => {
    users -= 1;
    if (users === 0) stop();
  };
}

export function onRealtimeEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onSocketStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function socketStatus(): SocketStatus {
  return status;
}

/** Sends an event when the socket is open; false when it is not (the caller falls back to HTTP). */
export function sendEvent(event: RealtimeEvent): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(event));
  return true;
}
