// The AMA chat (spec 002 §4 "Assistant chat"): a prompt box with suggestions and a Resume
// Previous Conversation link before the first message; the newest exchange on top; the answer
// typed out; follow-up questions and the rating once typing ends; an upgrade dialog without
// use_ama; a failed question marked with a resend icon.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Rating,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../lib/api/errors';
import { useIdentity } from '../../lib/auth/identity';
import { useAppConfig } from '../../lib/config/appConfig';
import { NO_AMA_CODE, useAsk, useHistory, useRateAnswer } from '../../lib/assistant/ama';
import { orderedParts } from '../../lib/recommendations/itemRules';
import type { AmaChat, ChatPart } from '../../lib/recommendations/types';
import RecommendedItems from '../recommendations/RecommendedItems';

const SUGGESTIONS = 4;
const SUGGESTIONS_SMALL = 2;

/** The suggested questions of the site for the member's location and career stage. */
function useSuggestions(): string[] {
  const config = useAppConfig();
  const { identity } = useIdentity();
  const prompts = (config as unknown as { ama_user_default_prompts?: { by_location?: PromptSet[]; by_career_stage?: PromptSet[] } })
    .ama_user_default_prompts;
  const stage = identity?.group_profile?.career_stage;
  const country = identity?.profile?.country ?? null;
  const byStage = prompts?.by_career_stage?.find((s) => stage != null && s.id === String(stage))?.prompts ?? [];
  const byLocation =
    prompts?.by_location?.find((s) => country && s.id.toLowerCase() === String(country).toLowerCase())?.prompts ??
    prompts?.by_location?.find((s) => s.id === 'default')?.prompts ??
    [];
  return [...new Set([...byStage, ...byLocation])];
}

interface PromptSet {
  id: string;
  prompts: string[];
}

/** The text typed out at one character per millisecond (spec 002 §8), in 16 ms steps. */
function useTyped(text: string, active: boolean): { shown: string; done: boolean } {
  const [count, setCount] = useState(active ? 0 : text.length);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      setCount((c) => {
        const next = Math.min(text.length, c + 16);
        if (next >= text.length) window.clearInterval(timer);
        return next;
      });
    }, 16);
    return () => window.clearInterval(timer);
  }, [active, text]);
  const shown = active ? text.slice(0, count) : text;
  return { shown, done: shown.length >= text.length };
}

/** The answer's text: `- ` lines as a list, `**name**` in bold. */
function AnswerText({ text }: { text: string }) {
  const lines = text.split('\n');
  const bold = (line: string, key: number) =>
    line.split(/(\*\*[^*]+\*\*)/g).map((piece, i) =>
      piece.startsWith('**') && piece.endsWith('**') && piece.length > 4 ? (
        <strong key={`${key}-${i}`}>{piece.slice(2, -2)}</strong>
      ) : (
        <span key={`${key}-${i}`}>{piece.replace(/\*\*/g, '')}</span>
      ),
    );
  return (
    <Box sx={{ typography: 'body2', '& ul': { pl: 2.5, my: 0.5 } }}>
      {lines.map((line, i) =>
        line.startsWith('- ') ? (
          <Box component="ul" key={i}>
            <li>{bold(line.slice(2), i)}</li>
          </Box>
        ) : line.trim() ? (
          <Typography variant="body2" key={i} sx={{ my: 0.5 }}>
            {bold(line, i)}
          </Typography>
        ) : null,
      )}
    </Box>
  );
}

/** A text of up to 2,000 characters, sent with Enter (Shift+Enter starts a new line). */
function MessageField({
  onChange,
  onSend,
  ...field
}: { label: string; value: string; onChange: (text: string) => void; onSend: () => void; fullWidth?: boolean; minRows?: number; maxRows?: number }) {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <TextField
      {...field}
      size="small"
      multiline
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKey}
      slotProps={{ htmlInput: { maxLength: 2000 } }}
    />
  );
}

function RateAnswer({ chat }: { chat: AmaChat }) {
  const rate = useRateAnswer();
  const [stars, setStars] = useState<number | null>(chat.rating);
  const [reason, setReason] = useState('');
  const [thanks, setThanks] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const submit = () => {
    if (!stars || !reason.trim()) return;
    rate.mutate(
      { chat: chat.id, rating: stars, feedback: reason.trim() },
      {
        onSuccess: (message) => {
          setThanks(message);
          setOpen(false);
        },
      },
    );
  };
  if (thanks) return <Alert severity="success">{thanks}</Alert>;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" id={`rate-${chat.id}`}>
          Rate this answer
        </Typography>
        <Rating
          name={`rating-${chat.id}`}
          size="small"
          value={stars}
          onChange={(_, value) => {
            setStars(value);
            if (value) setOpen(true);
          }}
        />
      </Stack>
      {open && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <MessageField minRows={2} label="Tell us why" value={reason} onChange={setReason} onSend={submit} />
          {rate.isError && <Alert severity="error">{rate.error.message}</Alert>}
          <Box>
            <Button size="small" variant="contained" onClick={submit} disabled={rate.isPending}>
              Submit
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}

function Answer({ chat, isNew, onAsk }: { chat: AmaChat; isNew: boolean; onAsk: (q: string) => void }) {
  const parts = orderedParts(chat.answer.messages as ChatPart[]);
  const text = parts.find((p) => p.type === 'text')?.value ?? '';
  const { shown, done } = useTyped(typeof text === 'string' ? text : '', isNew);
  return (
    <Stack spacing={1} sx={{ p: 1.5, bgcolor: 'background.default', borderRadius: 2 }} data-testid="ama-answer">
      {parts.map((part, i) => {
        if (part.type === 'recommendations') return <RecommendedItems key={i} items={part.value.items} />;
        if (part.type === 'text') return <AnswerText key={i} text={shown} />;
        if (part.type === 'relevant_questions' && done && part.value.length > 0)
          return (
            <Stack key={i} direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {part.value.map((q) => (
                <Chip key={q} label={q} size="small" variant="outlined" onClick={() => onAsk(q)} />
              ))}
            </Stack>
          );
        return null;
      })}
      {done && <RateAnswer chat={chat} />}
    </Stack>
  );
}

function UserBubble({ text, error, onResend }: { text: string; error?: boolean; onResend?: () => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {error && (
        <Tooltip title="Send again">
          <IconButton size="small" aria-label="Send again" onClick={onResend} color="error">
            ↻
          </IconButton>
        </Tooltip>
      )}
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: error ? 'error.light' : 'primary.main',
          color: error ? 'error.contrastText' : 'primary.contrastText',
          maxWidth: '85%',
          wordBreak: 'break-word',
        }}
      >
        <Typography variant="body2">{text}</Typography>
      </Box>
    </Stack>
  );
}

export function UpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ama-upgrade-title">
      <DialogTitle id="ama-upgrade-title">Upgrade to use the assistant</DialogTitle>
      <DialogContent>
        <Typography>Your membership plan does not include the AI assistant. Upgrade your membership to ask it career questions.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="contained" component={RouterLink} to="/membership" onClick={onClose}>
          See membership plans
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function AssistantChat() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { identity } = useIdentity();
  const suggestions = useSuggestions();
  const [showAll, setShowAll] = useState(false);
  const [question, setQuestion] = useState('');
  const [thread, setThread] = useState<number | null>(null);
  const [resumed, setResumed] = useState(false);
  const [chats, setChats] = useState<AmaChat[]>([]);
  const [newest, setNewest] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState(false);
  const ask = useAsk();
  const latest = useHistory(null, !!identity);
  const previous = latest.data?.pages[0]?.data[0];
  const history = useHistory(thread, resumed && thread !== null);
  const endRef = useRef<HTMLDivElement | null>(null);

  const canAsk = !!identity && (identity.is_staff || identity.user_subscription?.use_ama !== false);

  const shown = useMemo(() => {
    const ids = new Set(chats.map((c) => c.id));
    const older = resumed ? (history.data?.pages.flatMap((p) => p.data) ?? []).filter((c) => !ids.has(c.id)) : [];
    return [...chats, ...older];
  }, [chats, history.data, resumed]);

  // Scrolling near the end loads the next page of the history.
  useEffect(() => {
    const end = endRef.current;
    if (!end || !resumed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [resumed, history]);

  const send = (text: string) => {
    const q = text.trim();
    if (!q || ask.isPending) return;
    if (!canAsk) {
      setUpgrade(true);
      return;
    }
    setFailed(null);
    setQuestion('');
    ask.mutate(
      { question: q, parent_chat: thread },
      {
        onSuccess: (chat) => {
          setChats((all) => [chat, ...all]);
          setNewest(chat.id);
          setThread(chat.parent_chat ?? chat.id);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403 && error.body?.code === NO_AMA_CODE) {
            setUpgrade(true);
            setQuestion(q);
            return;
          }
          setFailed(q);
        },
      },
    );
  };

  const resume = () => {
    if (!previous) return;
    setThread(previous.parent_chat ?? previous.id);
    setResumed(true);
  };


  const started = chats.length > 0 || resumed || ask.isPending || failed !== null;
  const visibleSuggestions = small && !showAll ? suggestions.slice(0, SUGGESTIONS_SMALL) : suggestions.slice(0, SUGGESTIONS);

  return (
    <Stack spacing={1.5} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <MessageField
          fullWidth
          maxRows={4}
          label="Ask me anything about your career"
          value={question}
          onChange={setQuestion}
          onSend={() => send(question)}
        />
        <Button variant="contained" onClick={() => send(question)} disabled={!question.trim() || ask.isPending}>
          Send
        </Button>
      </Stack>
      {!started && (
        <Stack spacing={1}>
          {visibleSuggestions.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {visibleSuggestions.map((s) => (
                <Chip key={s} label={s} variant="outlined" onClick={() => send(s)} />
              ))}
              {small && !showAll && suggestions.length > SUGGESTIONS_SMALL && (
                <Chip label="More" onClick={() => setShowAll(true)} />
              )}
            </Stack>
          )}
          {previous && (
            <Link component="button" type="button" onClick={resume} sx={{ alignSelf: 'flex-start' }}>
              Resume Previous Conversation
            </Link>
          )}
        </Stack>
      )}
      <Stack spacing={1.5} sx={{ overflowY: 'auto', minHeight: 0, flex: 1 }} aria-live="polite">
        {failed !== null && <UserBubble text={failed} error onResend={() => send(failed)} />}
        {ask.isPending && (
          <>
            <UserBubble text={ask.variables?.question ?? ''} />
            <Box data-testid="ama-skeleton">
              <Skeleton variant="text" />
              <Skeleton variant="text" width="80%" />
              <Skeleton variant="rounded" height={48} />
            </Box>
          </>
        )}
        {shown.map((chat) => (
          <Stack key={chat.id} spacing={1}>
            <UserBubble text={chat.question} />
            <Answer chat={chat} isNew={chat.id === newest} onAsk={send} />
          </Stack>
        ))}
        {resumed && history.isPending && <Skeleton variant="rounded" height={64} />}
        {resumed && history.isError && <Alert severity="error">Could not load the conversation.</Alert>}
        <div ref={endRef} />
      </Stack>
      <UpgradeDialog open={upgrade} onClose={() => setUpgrade(false)} />
    </Stack>
  );
}
