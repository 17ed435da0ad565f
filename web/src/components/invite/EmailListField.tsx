// The e-mail entry of the invite dialogs: a box, Add, and the added addresses as chips.
import { Button, Chip, Stack, TextField } from '@mui/material';
import type { EmailList } from './useEmailList';

/** The box and the chips for `list` (from useEmailList). */
export default function EmailListField({ list, autoFocus = false }: { list: EmailList; autoFocus?: boolean }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          label="Email address"
          type="email"
          autoComplete="off"
          autoFocus={autoFocus}
          value={list.text}
          onChange={(event) => list.setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              list.add();
            }
          }}
          error={Boolean(list.error)}
          helperText={list.error ?? 'Press Enter or Add after each address'}
        />
        <Button variant="outlined" onClick={() => list.add()} sx={{ mt: 1, flexShrink: 0 }}>
          Add
        </Button>
      </Stack>
      {list.emails.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Invited addresses" role="list">
          {list.emails.map((email) => (
            <Chip
              key={email}
              role="listitem"
              label={email}
              onDelete={() => list.remove(email)}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
