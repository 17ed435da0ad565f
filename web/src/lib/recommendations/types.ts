// The assistant's shapes (spec 002 §3 "Chat message", "Recommended item"), as the API sends them.

export interface RecommendedItem {
  id: number;
  type: string;
  slug: string;
  name: string;
  title: string;
  reason: string;
  description: string;
  image_path: string | null;
  group_slug?: string | null;
  source?: string | null;
}

export type ChatPart =
  | { type: 'text'; value: string }
  | { type: 'recommendations'; value: { items: RecommendedItem[] } }
  | { type: 'relevant_questions'; value: string[] };

export interface ChatMessage {
  id: string;
  sender: 'user' | 'assistant' | string;
  timestamp: string;
  messages: ChatPart[];
}

export interface AmaChat {
  id: number;
  parent_chat: number | null;
  question: string;
  timestamp: string;
  rating: number | null;
  question_message: ChatMessage;
  answer: ChatMessage;
}

export interface Paged<T> {
  data: T[];
  pagination: { count: number; next: string | null };
}
