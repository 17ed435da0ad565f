// The state of the invite dialogs' e-mail entry (see EmailListField).
import { useState } from 'react';
import { emailError, withPendingEmail } from '../../lib/invite/emails';

export interface EmailList {
  text: string;
  emails: string[];
  error: string | null;
  setText: (text: string) => void;
  setError: (error: string | null) => void;
  /** Adds the typed address (Enter, comma or Add); false when it is refused. */
  add: () => boolean;
  remove: (email: string) => void;
  /**
   * For Send: the addresses with anything still typed added first, or null when the typed
   * text is not a valid new address (the reason is shown under the box).
   */
  take: () => string[] | null;
  reset: () => void;
}

export function useEmailList(): EmailList {
  const [text, setText] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const take = () => {
    const result = withPendingEmail(text, emails);
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    setEmails(result.emails);
    setText('');
    setError(null);
    return result.emails;
  };
  return {
    text,
    emails,
    error,
    setText: (next) => {
      setText(next);
      setError(null);
    },
    setError,
    add: () => {
      const problem = emailError(text, emails);
      setError(problem);
      if (problem) return false;
      setEmails([...emails, text.trim()]);
      setText('');
      return true;
    },
    remove: (email) => setEmails((current) => current.filter((known) => known !== email)),
    take,
    reset: () => {
      setText('');
      setEmails([]);
      setError(null);
    },
  };
}
