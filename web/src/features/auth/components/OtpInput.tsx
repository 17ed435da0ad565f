import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Box, Stack } from '@mui/material';

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  error?: boolean;
  label?: string;
}

/**
 * Single-character boxes (spec 000 §2 "OTP screen"): typing moves on, Backspace on an empty
 * box goes back, and pasting spreads the characters over the boxes from the one pasted into.
 */
export default function OtpInput({ value, onChange, disabled, error, label = 'Code' }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const fill = (start: number, text: string) => {
    const characters = Array.from(text.replace(/\s+/g, '')).slice(0, length - start);
    if (characters.length === 0) return;
    const nextValue = [...value];
    characters.forEach((character, offset) => {
      nextValue[start + offset] = character;
    });
    onChange(nextValue);
    focus(start + characters.length);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const nextValue = [...value];
      nextValue[index - 1] = '';
      onChange(nextValue);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <Stack direction="row" spacing={{ xs: 1, sm: 1.5 }} role="group" aria-label={label} sx={{ justifyContent: 'center' }}>
      {value.map((character, index) => (
        <Box
          key={index}
          component="input"
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          value={character}
          disabled={disabled}
          inputMode="text"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`${label} character ${index + 1} of ${length}`}
          aria-invalid={error || undefined}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            if (typed.length > 1) {
              // Autofill or typing over a filled box: keep the new characters.
              fill(index, typed.startsWith(character) && character ? typed.slice(character.length) || typed : typed);
              return;
            }
            const nextValue = [...value];
            nextValue[index] = typed.trim();
            onChange(nextValue);
            if (typed.trim()) focus(index + 1);
          }}
          sx={{
            width: { xs: 42, sm: 52 },
            height: { xs: 50, sm: 58 },
            textAlign: 'center',
            fontSize: 24,
            fontWeight: 600,
            fontFamily: 'inherit',
            borderRadius: 2,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            bgcolor: 'background.paper',
            color: 'text.primary',
            outline: 'none',
            '&:focus': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.light}` },
          }}
        />
      ))}
    </Stack>
  );
}
