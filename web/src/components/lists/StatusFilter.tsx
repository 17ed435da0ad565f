import { Chip, Stack, Typography } from '@mui/material';
import { LIFECYCLE_KEYS, LIFECYCLE_LABELS, isLifecycleKey } from './lifecycle';

interface Props {
  /** The selected lifecycle keys, as in the address ('1'..'6'). */
  value: readonly string[];
  onChange: (keys: string[]) => void;
}

/**
 * The lifecycle status filter of circle and event lists: any number of the six states
 * (Upcoming … Archived); none selected means all. Sent as circle_status=1,2.
 */
export default function StatusFilter({ value, onChange }: Props) {
  const selected = new Set(value.filter(isLifecycleKey));
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onChange(LIFECYCLE_KEYS.map(String).filter((k) => next.has(k)));
  };
  return (
    <Stack spacing={0.75} sx={{ mb: 2 }}>
      <Typography variant="body2" component="h2" id="status-filter-label" sx={{ fontWeight: 600 }}>
        Status
      </Typography>
      <Stack
        direction="row"
        role="group"
        aria-labelledby="status-filter-label"
        sx={{ flexWrap: 'wrap', gap: 1 }}
      >
        <Chip
          label="All"
          onClick={() => onChange([])}
          color={selected.size === 0 ? 'primary' : 'default'}
          variant={selected.size === 0 ? 'filled' : 'outlined'}
          aria-pressed={selected.size === 0}
        />
        {LIFECYCLE_KEYS.map((key) => {
          const active = selected.has(String(key));
          return (
            <Chip
              key={key}
              label={LIFECYCLE_LABELS[key]}
              onClick={() => toggle(String(key))}
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              aria-pressed={active}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
