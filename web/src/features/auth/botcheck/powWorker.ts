// The proof-of-work search in a worker (issue 30): tens of thousands of hashes off the page's
// main thread, so the sign-up form stays responsive and the page is not blocked while it runs.
import { solvePow } from './pow';

export interface PowRequest {
  challenge: string;
  difficulty: number;
}

export type PowMessage = { progress: number } | { answer: string } | { error: string };

const scope = self as unknown as { onmessage: ((event: MessageEvent<PowRequest>) => void) | null; postMessage: (message: PowMessage) => void };

scope.onmessage = async ({ data }) => {
  try {
    const answer = await solvePow(data.challenge, data.difficulty, {
      sliceSize: 20000,
      onProgress: (progress) => scope.postMessage({ progress }),
    });
    scope.postMessage({ answer });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
